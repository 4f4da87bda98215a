import { z } from 'zod';
import {
  MAX_REMINDER_OFFSET_MINUTES,
  MAX_REMINDERS,
  MIN_REMINDER_OFFSET_MINUTES,
} from '@domain/reminders';
import {
  MAX_OFFER_HOLD_MINUTES,
  MAX_OFFERS_AT_ONCE,
  MIN_OFFER_HOLD_MINUTES,
} from '@domain/waitlist';
import { clinicRef } from './common';
import { defineEndpoint } from './endpoint';

export const clinicPolicyPaths = {
  policy: '/api/admin/clinics/:slug/policy',
} as const;

export const clinicPolicyParams = z.object({ slug: clinicRef });

/** One reminder's offset before the start, in minutes: 15 minutes to 7 days. */
export const reminderOffset = z
  .number({ error: 'must be a number of minutes' })
  .int('must be a whole number of minutes')
  .min(MIN_REMINDER_OFFSET_MINUTES, 'must be at least 15 minutes before the start')
  .max(MAX_REMINDER_OFFSET_MINUTES, 'must be at most 7 days before the start');

export const reminderPolicy = z.object({
  /** Zero to three offsets, each once. */
  offsetsMinutes: z
    .array(reminderOffset)
    .max(MAX_REMINDERS, `at most ${MAX_REMINDERS} reminders`)
    .refine((offsets) => new Set(offsets).size === offsets.length, 'each reminder once'),
});
export type ReminderPolicy = z.infer<typeof reminderPolicy>;

/** How a clinic's waitlist offers freed time (issue 22). */
export const waitlistPolicy = z.object({
  /** How many waiting patients are offered one freed time at once. */
  offersAtOnce: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_OFFERS_AT_ONCE, `must be at most ${MAX_OFFERS_AT_ONCE}`),
  /** How long an offer holds, in minutes; it never holds past the offered time's start. */
  holdMinutes: z
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(MIN_OFFER_HOLD_MINUTES, `must be at least ${MIN_OFFER_HOLD_MINUTES} minutes`)
    .max(MAX_OFFER_HOLD_MINUTES, 'must be at most 7 days'),
});
export type WaitlistPolicy = z.infer<typeof waitlistPolicy>;

/**
 * What a clinic decides for itself, edited by its admins. A change that leaves out the
 * waitlist's part keeps it as it was.
 */
export const clinicPolicy = z.object({
  reminders: reminderPolicy,
  waitlist: waitlistPolicy.optional(),
});
export type ClinicPolicy = z.infer<typeof clinicPolicy>;

export const clinicPolicyView = z.object({
  clinic: z.object({ id: z.string(), slug: z.string(), name: z.string(), timezone: z.string() }),
  policy: z.object({ reminders: reminderPolicy, waitlist: waitlistPolicy }),
});
export type ClinicPolicyView = z.infer<typeof clinicPolicyView>;

export const updateClinicPolicyResponse = clinicPolicyView.extend({
  /** How many upcoming appointments had their reminders planned again. */
  rescheduledAppointments: z.number(),
});
export type UpdateClinicPolicyResponse = z.infer<typeof updateClinicPolicyResponse>;

const admins = { tag: 'Admin', access: { roles: ['admin'] } } as const;

export const getClinicPolicyEndpoint = defineEndpoint({
  ...admins,
  method: 'GET',
  path: clinicPolicyPaths.policy,
  operationId: 'getClinicPolicy',
  summary: 'A clinic’s own rules: when its patients are reminded',
  params: clinicPolicyParams,
  responses: { 200: clinicPolicyView },
  errors: [404],
});

export const updateClinicPolicyEndpoint = defineEndpoint({
  ...admins,
  method: 'PUT',
  path: clinicPolicyPaths.policy,
  operationId: 'updateClinicPolicy',
  summary: 'Change a clinic’s rules; reminders not yet sent are planned again',
  description:
    'Upcoming open appointments that have not been reminded yet get the new reminders; a reminder whose time has passed is not created.',
  params: clinicPolicyParams,
  body: clinicPolicy,
  responses: { 200: updateClinicPolicyResponse },
  errors: [404],
});
