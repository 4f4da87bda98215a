import { z } from 'zod';
import {
  calendarDate,
  emailField,
  instantField,
  namedRef,
  phoneNumberField,
  safeText,
  timezoneField,
  uuidParam,
  patientLanguageSources,
} from './common';
import { ONLINE_BOOKING_NAME_MAX } from '@domain/constants';
import { SERVICE_KINDS } from '@domain/services';
import { defineEndpoint } from './endpoint';
import {
  confirmHoldRoute,
  createHoldRoute,
  getPublicClinicRoute,
  getNextFreeDayRoute,
  getPublicSlotsRoute,
} from './routes/online-booking';

// The public booking page's API (ADR 022): no sign-in, rate-limited, and it tells a
// stranger no more than the page needs. A time is held for 15 minutes until the patient opens
// the link e-mailed to them; only then is anything booked.

/** How long a held time waits for its e-mail to be proven. */
export const HOLD_MINUTES = 15;
/** At most this many days of times in one request. */
export const MAX_PUBLIC_SLOT_DAYS = 14;

/** The one answer to every accepted request for a hold, whoever the e-mail belongs to. */
export const HOLD_ACCEPTED_MESSAGE =
  'Check your e-mail: we sent you a link to confirm this time. It is held for you for 15 minutes.';
export const HOLD_EXPIRED_MESSAGE =
  'This link has expired and the time is no longer held for you. Please choose a time again.';
export const HOLD_TAKEN_MESSAGE =
  'Someone else is booking this time right now. Please choose another time.';

export const publicClinicParams = z.object({ slug: safeText(100) });

export const publicProvider = namedRef;
/**
 * A service the page offers (issue 42): what it is, how long, and what to know before booking.
 * Who may book it (new or existing patients) is decided at confirmation, once the e-mail is proven.
 */
export const publicService = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SERVICE_KINDS),
  /** Its lengths online, shortest first. */
  durations: z.array(z.number()),
  instructions: z.string().nullable(),
  /** The online providers who offer it. */
  providerIds: z.array(z.string()),
});
export type PublicService = z.infer<typeof publicService>;
export const publicClinic = z.object({
  slug: z.string(),
  name: z.string(),
  timezone: z.string(),
  /** The clinic's phone, for a patient who finds no time that suits; null when it gave none. */
  phone: z.string().nullable(),
  intro: z.string().nullable(),
  providers: z.array(publicProvider),
  /** The services patients may book online, the default first; empty when none. */
  services: z.array(publicService),
  /** The default service's online lengths (pages from before services ask for these). */
  durations: z.array(z.number()),
  minNoticeHours: z.number(),
  horizonDays: z.number(),
  allowNewPatients: z.boolean(),
  /** The clinic's default language; a stranger has no record to prefer one (issue 44). */
  language: patientLanguageSources.optional(),
});
export type PublicClinic = z.infer<typeof publicClinic>;

/** What the patient picked, for every search of free times. */
const patientChoice = {
  /** One of the clinic's online services; its default service when left out. */
  serviceId: uuidParam.optional(),
  /** One provider, or any of the clinic's online providers ("first available") when left out. */
  agentId: uuidParam.optional(),
  /** One of the clinic's online lengths; its shortest when left out. */
  duration: z.coerce.number().int().min(5).max(480).optional(),
  /** The patient's own zone, in which the days are reckoned; the clinic's when left out. */
  timezone: timezoneField.optional(),
};

export const publicSlotsQuery = z.object({
  from: calendarDate(),
  to: calendarDate(),
  ...patientChoice,
});
export type PublicSlotsQuery = z.infer<typeof publicSlotsQuery>;

/** A free time: who and when, nothing about who else is booked. */
export const publicSlot = z.object({
  start: z.string(),
  end: z.string(),
  agentId: z.string(),
  agentName: z.string(),
});
export const publicSlotsResponse = z.object({
  timezone: z.string(),
  duration: z.number(),
  slots: z.array(publicSlot),
});
export type PublicSlotsResponse = z.infer<typeof publicSlotsResponse>;

export const nextFreeDayQuery = z.object({
  /** The day the patient looked at (in `timezone`): the search starts the day after. */
  after: calendarDate(),
  ...patientChoice,
});
export type NextFreeDayQuery = z.infer<typeof nextFreeDayQuery>;

export const nextFreeDay = z.object({
  timezone: z.string(),
  duration: z.number(),
  /** The first day after `after` with a free time, or null when none is left before `lastDay`. */
  day: z.string().nullable(),
  /** The last day the clinic takes online bookings for (its horizon), in `timezone`. */
  lastDay: z.string(),
});
export type NextFreeDay = z.infer<typeof nextFreeDay>;

const onlineName = safeText(1000).pipe(
  z
    .string()
    .min(1, 'is required')
    .max(ONLINE_BOOKING_NAME_MAX, `must be at most ${ONLINE_BOOKING_NAME_MAX} characters`),
);

const latestBirthDate = () => new Date(Date.now()).toISOString().slice(0, 10);

export const holdBody = z.object({
  /** One of the clinic's online services; its default service when left out. */
  serviceId: uuidParam.optional(),
  start: instantField,
  agentId: uuidParam,
  duration: z.number().int().min(5).max(480),
  patient: z.object({
    firstName: onlineName,
    lastName: onlineName,
    email: emailField,
    phone: phoneNumberField,
    dob: calendarDate('must be a date such as 1980-04-30').refine(
      (d) => d <= latestBirthDate(),
      'must not be in the future',
    ),
  }),
  consent: z.literal(true, { error: 'Please agree so that the clinic may keep your details.' }),
  /** Left empty by people; a bot that fills every field gets the same answer and no hold. */
  website: z.string().max(500).optional(),
});
export type HoldBody = z.infer<typeof holdBody>;

export const holdAccepted = z.object({ message: z.string() });

export const confirmHoldParams = z.object({ token: z.string().min(1).max(256) });
export const confirmedHold = z.object({ sessionUrl: z.string() });
export type ConfirmedHold = z.infer<typeof confirmedHold>;

const forPublic = { tag: 'Online booking', access: 'public' } as const;

export const getPublicClinicEndpoint = defineEndpoint({
  ...forPublic,
  ...getPublicClinicRoute,
  summary: 'What the public booking page shows: the clinic, its online providers and lengths',
  description: 'A 404 when the clinic does not exist or has online booking off.',
  params: publicClinicParams,
  responses: { 200: publicClinic },
  errors: [404, 429],
});

export const getPublicSlotsEndpoint = defineEndpoint({
  ...forPublic,
  ...getPublicSlotsRoute,
  summary: 'Free times patients may book online',
  description: `At most ${MAX_PUBLIC_SLOT_DAYS} days at a time, within the clinic’s notice and horizon; held times are not free.`,
  params: publicClinicParams,
  query: publicSlotsQuery,
  responses: { 200: publicSlotsResponse },
  errors: [404, 429],
});

export const getNextFreeDayEndpoint = defineEndpoint({
  ...forPublic,
  ...getNextFreeDayRoute,
  summary: 'The next day with a free time to book online, after a given day',
  description:
    'Within the clinic’s notice and horizon, for one length and provider (or any online provider); `day` is null when none is left.',
  params: publicClinicParams,
  query: nextFreeDayQuery,
  responses: { 200: nextFreeDay },
  errors: [404, 429],
});

export const createHoldEndpoint = defineEndpoint({
  ...forPublic,
  ...createHoldRoute,
  summary: 'Hold a time for 15 minutes and e-mail a link that books it',
  description:
    'The same 202 for every e-mail, known or not. A 409 when the time is taken or held, or when the provider’s day or the clinic already has as many unconfirmed holds as allowed at once; a 429 past the limits per address (an IPv6 client by its /64) and per e-mail, and past the confirmation mails one address is sent in a day.',
  params: publicClinicParams,
  body: holdBody,
  responses: { 202: holdAccepted },
  errors: [404, 409, 422, 429],
});

export const confirmHoldEndpoint = defineEndpoint({
  ...forPublic,
  ...confirmHoldRoute,
  summary: 'Book the held time: the e-mail is proven',
  description:
    'Opening the link twice books once and answers the same. A 410 when the hold has expired.',
  params: confirmHoldParams,
  responses: { 201: confirmedHold },
  errors: [404, 409, 410, 422, 429],
});
