import { z } from 'zod';
import {
  MAX_REMINDER_OFFSET_MINUTES,
  MAX_REMINDERS,
  MIN_REMINDER_OFFSET_MINUTES,
} from '@domain/reminders';
import { PATIENT_EDITOR_CHOICES, PATIENT_LANGUAGES } from '@domain/patients';
import { MAX_CUTOFF_HOURS, MAX_ONLINE_RESCHEDULES } from '@domain/self-service';
import {
  MAX_OFFER_HOLD_MINUTES,
  MAX_OFFERS_AT_ONCE,
  MIN_OFFER_HOLD_MINUTES,
} from '@domain/waitlist';
import { clinicSummary } from './auth';
import {
  clinicSlugParams,
  multiLineText,
  phoneNumberField,
  safeText,
  timezoneField,
  visitLengthField,
  wholeCountOf,
} from './common';
import { defineEndpoint } from './endpoint';
import { SECOND_FACTOR_POLICIES } from './two-step';
import {
  createClinicRoute,
  getClinicPolicyRoute,
  getMailPreviewsRoute,
  updateClinicPolicyRoute,
} from './routes/clinic-policy';

export const clinicPolicyParams = clinicSlugParams;

/** One reminder's offset before the start, in minutes: 15 minutes to 7 days. */
export const reminderOffset = wholeCountOf('minutes')
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

/** What patients may change themselves from their visit link (ADR 016). */
export const selfServicePolicy = z.object({
  allowReschedule: z.boolean(),
  allowCancel: z.boolean(),
  /** Online changes close this many hours before the start (default 24). */
  cutoffHours: wholeCountOf('hours')
    .min(0, 'must not be negative')
    .max(MAX_CUTOFF_HOURS, `must be at most ${MAX_CUTOFF_HOURS} hours (30 days)`),
  /** How many times one appointment may be moved online (default 2). */
  maxReschedules: wholeCountOf()
    .min(0, 'must not be negative')
    .max(MAX_ONLINE_RESCHEDULES, `must be at most ${MAX_ONLINE_RESCHEDULES}`),
  /** Shown to patients when online changes are closed; null when the clinic gives none. */
  phone: phoneNumberField.nullable(),
});
export type SelfServicePolicyBody = z.infer<typeof selfServicePolicy>;

/** How a clinic's waitlist offers freed time (ADR 019). */
export const waitlistPolicy = z.object({
  /** How many waiting patients are offered one freed time at once. */
  offersAtOnce: wholeCountOf()
    .min(1, 'must be at least 1')
    .max(MAX_OFFERS_AT_ONCE, `must be at most ${MAX_OFFERS_AT_ONCE}`),
  /** How long an offer holds, in minutes; it never holds past the offered time's start. */
  holdMinutes: wholeCountOf('minutes')
    .min(MIN_OFFER_HOLD_MINUTES, `must be at least ${MIN_OFFER_HOLD_MINUTES} minutes`)
    .max(MAX_OFFER_HOLD_MINUTES, 'must be at most 7 days'),
});
export type WaitlistPolicy = z.infer<typeof waitlistPolicy>;

export const MAX_ONLINE_DURATIONS = 6;
export const MAX_ONLINE_NOTICE_HOURS = 720;
export const MAX_ONLINE_HORIZON_DAYS = 365;
export const MAX_ONLINE_INTRO_LENGTH = 2000;

/** Whether and how patients book themselves on the clinic's public page (ADR 022). */
export const onlineBookingPolicy = z.object({
  /** Off by default: the public page and API answer 404 until an admin turns this on. */
  enabled: z.boolean(),
  /** The providers patients may book online; each must be bookable in this clinic. */
  agentIds: z
    .array(z.uuid('must be a provider’s id'))
    .max(100, 'at most 100 providers')
    .refine((ids) => new Set(ids).size === ids.length, 'each provider once'),
  /** The visit lengths offered, in minutes. */
  durations: z
    .array(visitLengthField)
    .min(1, 'offer at least one visit length')
    .max(MAX_ONLINE_DURATIONS, `at most ${MAX_ONLINE_DURATIONS} visit lengths`)
    .refine((d) => new Set(d).size === d.length, 'each visit length once'),
  /** No online booking starts sooner than this many hours from now (default 12). */
  minNoticeHours: wholeCountOf('hours')
    .min(0, 'must not be negative')
    .max(MAX_ONLINE_NOTICE_HOURS, `must be at most ${MAX_ONLINE_NOTICE_HOURS} hours (30 days)`),
  /** Nor later than this many days from now (default 60). */
  horizonDays: wholeCountOf('days')
    .min(1, 'must be at least 1 day')
    .max(MAX_ONLINE_HORIZON_DAYS, `must be at most ${MAX_ONLINE_HORIZON_DAYS} days`),
  /** Shown at the top of the public page; blank means none. */
  intro: z
    .string({ error: 'must be text' })
    .trim()
    .max(MAX_ONLINE_INTRO_LENGTH, `must be at most ${MAX_ONLINE_INTRO_LENGTH} characters`)
    .nullable()
    .transform((text) => (text ? text : null)),
  /** Whether someone the clinic does not know yet may book, or only its known patients. */
  allowNewPatients: z.boolean(),
});
export type OnlineBookingPolicyBody = z.infer<typeof onlineBookingPolicy>;

/** Besides admins, who may change, merge, import and export the clinic's patient records. */
export const patientRecordsPolicy = z.object({
  editorRoles: z
    .array(z.enum(PATIENT_EDITOR_CHOICES, { error: 'must be staff, provider or nurse' }))
    .refine((roles) => new Set(roles).size === roles.length, 'each role once'),
});
export type PatientRecordsPolicy = z.infer<typeof patientRecordsPolicy>;

/** Besides admins, which roles read the clinic's reports (issue 45, ADR 052). */
export const reportsPolicy = z.object({
  viewerRoles: z
    .array(z.enum(PATIENT_EDITOR_CHOICES, { error: 'must be staff, provider or nurse' }))
    .refine((roles) => new Set(roles).size === roles.length, 'each role once'),
});
export type ReportsPolicy = z.infer<typeof reportsPolicy>;

/** How the clinic's staff sign in (ADR 046). */
export const signInPolicy = z.object({
  /** Who must give a second factor: nobody, the clinic's admins, or everyone at the clinic. */
  secondFactor: z.enum(SECOND_FACTOR_POLICIES, {
    error: 'must be off, admins or everyone',
  }),
  /** Whether staff may sign in with a passkey alone, without their password. */
  passkeySignIn: z.boolean(),
});
export type SignInPolicy = z.infer<typeof signInPolicy>;

/** A time of day on the clinic's clocks, 'HH:MM' in 24 hours. */
const clockTime = z
  .string({ error: 'must be a time of day such as 21:00' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day such as 21:00');

/**
 * How the clinic texts its patients (ADR 050): no text leaves between `quietHoursStart` and
 * `quietHoursEnd` (equal times: no quiet hours); numbers written without a country code are read
 * in `country`; replies to `sendingNumber` are the clinic's. The server checks the country and the
 * number with the phone-number library and answers the number in E.164.
 */
export const textPolicy = z.object({
  quietHoursStart: clockTime,
  quietHoursEnd: clockTime,
  country: z
    .string({ error: 'must be a two-letter country code such as US' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US'),
  /** Blank or null: none, the gateway's own. */
  sendingNumber: safeText(40).nullable(),
});
export type TextPolicyBody = z.input<typeof textPolicy>;

/**
 * The language the clinic's patients read when their record names none and no browser says
 * (issue 44, ADR 051): their e-mails, texts and, last of all, their pages.
 */
export const patientLanguagePolicy = z.object({
  defaultLanguage: z.enum(PATIENT_LANGUAGES, { error: 'must be en, es or fr' }),
});
export type PatientLanguagePolicy = z.infer<typeof patientLanguagePolicy>;

/**
 * What outside calendars (issue 46, ADR 053) may do to the clinic's slots when they stop
 * syncing: by default the busy times last known keep blocking, however long the calendar fails.
 */
export const outsideCalendarsPolicy = z.object({
  /** A staff member's calendar whose syncs have failed for a day stops blocking here. */
  dropFailingAfterDay: z.boolean(),
});
export type OutsideCalendarsPolicy = z.infer<typeof outsideCalendarsPolicy>;

/**
 * What a clinic decides for itself, edited by its admins. `selfService`, `waitlist`,
 * `onlineBooking` and `patientRecords` may be left out of a change (clients written before them), which keeps each as
 * it is.
 */
export const clinicPolicy = z.object({
  reminders: reminderPolicy,
  selfService: selfServicePolicy.optional(),
  waitlist: waitlistPolicy.optional(),
  onlineBooking: onlineBookingPolicy.optional(),
  patientRecords: patientRecordsPolicy.optional(),
  signIn: signInPolicy.optional(),
  texts: textPolicy.optional(),
  outsideCalendars: outsideCalendarsPolicy.optional(),
  reports: reportsPolicy.optional(),
  patientLanguage: patientLanguagePolicy.optional(),
});
export type ClinicPolicy = z.infer<typeof clinicPolicy>;

export const clinicPolicyView = z.object({
  clinic: clinicSummary,
  // Answers are plain values: the body's trimming transform cannot run backwards.
  policy: z.object({
    reminders: reminderPolicy,
    selfService: selfServicePolicy.extend({ phone: z.string().nullable() }),
    waitlist: waitlistPolicy,
    onlineBooking: onlineBookingPolicy.extend({ intro: z.string().nullable() }),
    patientRecords: patientRecordsPolicy,
    /** Optional so fixtures written before it keep working; the server always sends it. */
    signIn: signInPolicy.optional(),
    /** Optional for the same reason. */
    texts: textPolicy
      .extend({ country: z.string(), sendingNumber: z.string().nullable() })
      .optional(),
    /** Optional for the same reason. */
    outsideCalendars: outsideCalendarsPolicy.optional(),
    /** Optional for the same reason. */
    reports: reportsPolicy.optional(),
    patientLanguage: patientLanguagePolicy.optional(),
  }),
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
  ...getClinicPolicyRoute,
  summary: 'A clinic’s own rules: when its patients are reminded, and what they may change online',
  params: clinicPolicyParams,
  responses: { 200: clinicPolicyView },
  errors: [404],
});

export const updateClinicPolicyEndpoint = defineEndpoint({
  ...admins,
  ...updateClinicPolicyRoute,
  summary: 'Change a clinic’s rules; reminders not yet sent are planned again',
  description:
    'Upcoming open appointments that have not been reminded yet get the new reminders; a reminder whose time has passed is not created.',
  params: clinicPolicyParams,
  body: clinicPolicy,
  responses: { 200: updateClinicPolicyResponse },
  errors: [400, 404],
});

export const mailPreviewsQuery = z.object({
  language: z.enum(PATIENT_LANGUAGES, { error: 'must be en, es or fr' }).default('en'),
});

export const mailPreview = z.object({
  /** The outbox kind the worker sends it as ("appointment.booked", "appointment.reminder"…). */
  kind: z.string(),
  /** What the message is, in the staff interface's words ("Booking confirmed"). */
  label: z.string(),
  subject: z.string(),
  /** The plain-text part. */
  text: z.string(),
  /** The HTML part, every stored value escaped. */
  html: z.string(),
});
export type MailPreview = z.infer<typeof mailPreview>;

export const mailPreviewsView = z.object({
  language: z.enum(PATIENT_LANGUAGES),
  messages: z.array(mailPreview),
});
export type MailPreviewsView = z.infer<typeof mailPreviewsView>;

export const getMailPreviewsEndpoint = defineEndpoint({
  ...admins,
  ...getMailPreviewsRoute,
  summary: 'Every e-mail a clinic’s patients can get, in one language, written from sample data',
  description:
    'Written by the same functions the mail worker sends with: a visit next week at 10:00 on the clinic’s clock with its first service, for a patient named Maria Garcia. Nothing is sent or stored.',
  params: clinicPolicyParams,
  query: mailPreviewsQuery,
  responses: { 200: mailPreviewsView },
  errors: [400, 404],
});

/** A new clinic: what patients need to reach it, asked for up front (its phone above all). */
export const createClinicBody = z.object({
  name: safeText(120).pipe(z.string().min(2, 'must be at least 2 characters long')),
  timezone: timezoneField,
  /** Patients are told to call it when they cannot change a visit online. */
  phone: phoneNumberField,
  /** As patients should read it; several lines allowed. */
  address: multiLineText(300)
    .nullable()
    .optional()
    .transform((text) => text?.trim() || null),
});
export type CreateClinicBody = z.infer<typeof createClinicBody>;

export const createdClinic = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  timezone: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
});
export type CreatedClinic = z.infer<typeof createdClinic>;

export const createClinicEndpoint = defineEndpoint({
  ...admins,
  ...createClinicRoute,
  summary: 'Add a clinic; the admin who adds it becomes its admin',
  description:
    'Its address on the public pages (its slug) is made from its name, made unique with a number where another clinic has it.',
  body: createClinicBody,
  responses: { 201: createdClinic },
});
