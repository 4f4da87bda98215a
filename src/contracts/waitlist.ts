import { z } from 'zod';
import { TIMES_OF_DAY, WAITLIST_PRIORITIES } from '@domain/waitlist';
import { dateKeyField } from './availability';
import { clinicSummary } from './auth';
import {
  clinicForPatients,
  clinicReach,
  clinicRef,
  countsOf,
  idParams,
  multiLineText,
  namedRef,
  safeText,
  uuidParam,
  visitLengthField,
  patientLanguageSources,
} from './common';
import { defineEndpoint } from './endpoint';
import {
  acceptOfferRoute,
  appointmentOffersRoute,
  createWaitlistEntryRoute,
  declineOfferRoute,
  getOfferRoute,
  getWaitlistEntryRoute,
  listWaitlistRoute,
  removeWaitlistEntryRoute,
  updateWaitlistEntryRoute,
  waitlistSummaryRoute,
} from './routes/waitlist';

/** The page the offer e-mail links to, in the patient bundle. */
export const offerPagePath = (token: string) => `/offer/${encodeURIComponent(token)}`;

export const WAITLIST_ENTRY_STATUSES = ['waiting', 'booked', 'removed'] as const;
/** The list's tabs: `active` is waiting with its window not yet past; `expired` is past it. */
export const WAITLIST_FILTERS = ['active', 'expired', 'booked', 'removed', 'all'] as const;
export type WaitlistFilter = (typeof WAITLIST_FILTERS)[number];
/** `taken`: someone else got the time first; `withdrawn`: staff took the entry off the list. */
export const OFFER_STATUSES = [
  'open',
  'accepted',
  'declined',
  'expired',
  'taken',
  'withdrawn',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const waitlistEntryBody = z
  .object({
    clinic: clinicRef,
    patientId: uuidParam,
    /** Null: any provider of the clinic. */
    providerId: uuidParam.nullable(),
    /** What the patient waits for; absent or null: the clinic's default service (ADR 044). */
    serviceId: uuidParam.nullish(),
    duration: visitLengthField,
    windowFrom: dateKeyField,
    windowTo: dateKeyField,
    weekdays: z
      .array(z.literal([0, 1, 2, 3, 4, 5, 6], { error: 'must be a weekday from 0 to 6' }))
      .max(7)
      .default([])
      .transform((days) => [...new Set(days)].sort()),
    timesOfDay: z
      .array(z.enum(TIMES_OF_DAY))
      .max(3)
      .default([])
      .transform((parts) => [...new Set(parts)]),
    priority: z.enum(WAITLIST_PRIORITIES).default('normal'),
    notes: multiLineText(2000).optional(),
  })
  .refine((b) => b.windowTo >= b.windowFrom, {
    message: 'must not be before the first date',
    path: ['windowTo'],
  });
export type WaitlistEntryBody = z.input<typeof waitlistEntryBody>;

export const waitlistHistoryEntry = z.object({
  type: z.string(),
  at: z.string(),
  detail: z.string().nullable(),
  by: z.string().nullable(),
});

export const waitlistOfferView = z.object({
  id: z.string(),
  status: z.enum(OFFER_STATUSES),
  start: z.string(),
  end: z.string(),
  expiresAt: z.string(),
  provider: namedRef,
});

export const waitlistEntry = z.object({
  id: z.string(),
  clinic: clinicSummary,
  patient: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  provider: namedRef.nullable(),
  /** Null: the clinic's default service. */
  serviceId: z.string().nullable(),
  duration: z.number().int(),
  windowFrom: z.string(),
  windowTo: z.string(),
  weekdays: z.array(z.number().int()),
  timesOfDay: z.array(z.enum(TIMES_OF_DAY)),
  priority: z.enum(WAITLIST_PRIORITIES),
  notes: z.string().nullable(),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  /** Waiting, but the last date of its window has passed. */
  expired: z.boolean(),
  appointmentId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The offer still waiting for the patient's answer, if any. */
  openOffer: waitlistOfferView.nullable(),
  history: z.array(waitlistHistoryEntry),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

export const waitlistCounts = countsOf(WAITLIST_FILTERS);
export type WaitlistCounts = z.infer<typeof waitlistCounts>;

export const waitlistQuery = z.object({
  clinic: clinicRef.optional(),
  status: z.enum(WAITLIST_FILTERS).default('active'),
  providerId: uuidParam.optional(),
  priority: z.enum(WAITLIST_PRIORITIES).optional(),
  search: safeText(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type WaitlistQuery = z.input<typeof waitlistQuery>;

export const waitlistPage = z.object({
  data: z.array(waitlistEntry),
  pagination: z.object({ hasNextPage: z.boolean(), currentPage: z.number().int() }),
  counts: waitlistCounts,
});
export type WaitlistPage = z.infer<typeof waitlistPage>;

/** What staff see of an appointment's freed time: to whom it was offered and how it went. */
export const appointmentOffers = z.array(
  z.object({
    id: z.string(),
    status: z.enum(OFFER_STATUSES),
    start: z.string(),
    end: z.string(),
    offeredAt: z.string(),
    respondedAt: z.string().nullable(),
    patient: namedRef,
    entryId: z.string(),
  }),
);
export type AppointmentOffers = z.infer<typeof appointmentOffers>;

export const offerTokenParams = z.object({ token: z.string().min(16).max(128) });

/** What the patient's offer page shows: no more than the time, the place and the person. */
export const publicOffer = z.object({
  status: z.enum(OFFER_STATUSES),
  start: z.string(),
  end: z.string(),
  durationMinutes: z.number().int(),
  expiresAt: z.string(),
  clinic: clinicForPatients,
  /** How to reach the clinic, and book online where it takes bookings (ADR 034). */
  reach: clinicReach,
  provider: z.object({ name: z.string() }),
  /** After an acceptance: the visit link's token, for the booked appointment's page. */
  sessionToken: z.string().nullable(),
  /** Which language the page reads in, besides the browser's (issue 44). */
  language: patientLanguageSources.optional(),
});
export type PublicOffer = z.infer<typeof publicOffer>;

const forStaff = { tag: 'Waitlist', access: 'authenticated' } as const;
const forPatient = { tag: 'Waitlist', access: 'public' } as const;

export const listWaitlistEndpoint = defineEndpoint({
  ...forStaff,
  ...listWaitlistRoute,
  summary: 'A page of the waitlist with the counts of each tab',
  query: waitlistQuery,
  responses: { 200: waitlistPage },
});

export const createWaitlistEntryEndpoint = defineEndpoint({
  ...forStaff,
  ...createWaitlistEntryRoute,
  summary: 'Put a patient on the waitlist',
  body: waitlistEntryBody,
  responses: { 201: waitlistEntry },
  errors: [404, 422],
});

export const getWaitlistEntryEndpoint = defineEndpoint({
  ...forStaff,
  ...getWaitlistEntryRoute,
  summary: 'One waitlist entry with its history',
  params: idParams,
  responses: { 200: waitlistEntry },
  errors: [404],
});

export const updateWaitlistEntryEndpoint = defineEndpoint({
  ...forStaff,
  ...updateWaitlistEntryRoute,
  summary: 'Change what a waiting patient wishes',
  params: idParams,
  body: waitlistEntryBody,
  responses: { 200: waitlistEntry },
  errors: [404, 409, 422],
});

export const removeWaitlistEntryEndpoint = defineEndpoint({
  ...forStaff,
  ...removeWaitlistEntryRoute,
  summary: 'Take a patient off the waitlist; an open offer to them is withdrawn',
  params: idParams,
  responses: { 200: waitlistEntry },
  errors: [404, 409],
});

export const appointmentOffersEndpoint = defineEndpoint({
  ...forStaff,
  ...appointmentOffersRoute,
  summary: 'Whether an appointment’s freed time was offered, and to whom',
  params: idParams,
  responses: { 200: appointmentOffers },
});

export const getOfferEndpoint = defineEndpoint({
  ...forPatient,
  ...getOfferRoute,
  summary: 'The offer a waiting patient’s link names',
  params: offerTokenParams,
  responses: { 200: publicOffer },
  errors: [404, 429],
});

export const acceptOfferEndpoint = defineEndpoint({
  ...forPatient,
  ...acceptOfferRoute,
  summary: 'Book the offered time',
  description:
    'Books through the same rules as staff do. If someone else took the time first the answer is a 409 and the patient stays on the waitlist; an offer whose hold has passed is a 410.',
  params: offerTokenParams,
  responses: { 200: publicOffer },
  errors: [404, 409, 410, 429],
});

export const declineOfferEndpoint = defineEndpoint({
  ...forPatient,
  ...declineOfferRoute,
  summary: 'Say no to the offered time; it passes to the next waiting patient',
  params: offerTokenParams,
  responses: { 200: publicOffer },
  errors: [404, 409, 429],
});

export const waitlistSummaryQuery = z.object({
  clinic: clinicRef.optional(),
  /** The zone "this month" is reckoned in; the user's own setting when absent. */
  timezone: z.string().max(64).optional(),
});

export const waitlistSummary = z.object({
  /** Offers sent and still waiting for the patient's answer. */
  openOffers: z.number().int(),
  /** Freed times booked by a waiting patient since the start of this month. */
  filledThisMonth: z.number().int(),
});
export type WaitlistSummary = z.infer<typeof waitlistSummary>;

export const waitlistSummaryEndpoint = defineEndpoint({
  ...forStaff,
  ...waitlistSummaryRoute,
  summary: 'Open offers and the times filled from the waitlist this month, for the dashboard',
  query: waitlistSummaryQuery,
  responses: { 200: waitlistSummary },
});
