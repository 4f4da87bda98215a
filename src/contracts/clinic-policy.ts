import { z } from 'zod';
import {
  MAX_REMINDER_OFFSET_MINUTES,
  MAX_REMINDERS,
  MIN_REMINDER_OFFSET_MINUTES,
} from '@domain/reminders';
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

/** What a clinic decides for itself, edited by its admins. */
export const clinicPolicy = z.object({ reminders: reminderPolicy });
export type ClinicPolicy = z.infer<typeof clinicPolicy>;

export const clinicPolicyView = z.object({
  clinic: z.object({ id: z.string(), slug: z.string(), name: z.string(), timezone: z.string() }),
  policy: clinicPolicy,
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
