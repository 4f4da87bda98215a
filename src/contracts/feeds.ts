import { z } from 'zod';
import { clinicSlugParams, uuidParam } from './common';
import { defineEndpoint } from './endpoint';
import {
  createMyCalendarFeedRoute,
  getClinicFeedSettingsRoute,
  getMyCalendarFeedRoute,
  listCalendarFeedsRoute,
  revokeCalendarFeedRoute,
  revokeMyCalendarFeedRoute,
  updateClinicFeedSettingsRoute,
} from './routes/feeds';

/** The state of the signed-in member's feed; the URL itself is only in the answer that makes it. */
export const myCalendarFeed = z.object({
  feed: z.object({ createdAt: z.string(), lastFetchedAt: z.string().nullable() }).nullable(),
});
export type MyCalendarFeed = z.infer<typeof myCalendarFeed>;

export const createdCalendarFeed = z.object({
  url: z.string().describe('The private subscription URL; only its hash is kept.'),
  createdAt: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeed>;

/**
 * What a member may ask of their feed in its URL (issue 47, ADR 055): `?alarms=1` for an alarm
 * per clinic reminder, `?attendees=1` for themselves and the patient as attendees. An app keeps
 * the whole URL, so the choice travels with the subscription; both are off unless asked for.
 */
export const FEED_OPTIONS = ['alarms', 'attendees'] as const;
export type FeedOption = (typeof FEED_OPTIONS)[number];
export type FeedOptions = Record<FeedOption, boolean>;

/** The subscription URL with the options chosen. */
export function feedUrlWithOptions(url: string, options: FeedOptions): string {
  const chosen = FEED_OPTIONS.filter((option) => options[option]);
  return chosen.length ? `${url}?${chosen.map((option) => `${option}=1`).join('&')}` : url;
}

/** The options a feed's query asks for; any other value than 1, true or yes is off. */
export function feedOptionsOf(query: unknown): FeedOptions {
  const asked = (name: FeedOption) => {
    const value = (query as Record<string, unknown> | null | undefined)?.[name];
    return typeof value === 'string' && ['1', 'true', 'yes'].includes(value.toLowerCase());
  };
  return { alarms: asked('alarms'), attendees: asked('attendees') };
}

export const calendarFeedOwner = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
  createdAt: z.string(),
  lastFetchedAt: z.string().nullable(),
});
export type CalendarFeedOwner = z.infer<typeof calendarFeedOwner>;

/** The staff members with a feed, as an admin lists them. */
export const calendarFeedOwners = z.object({ data: z.array(calendarFeedOwner) });

export const FEED_SUMMARY_DETAILS = ['initial', 'none'] as const;
export const feedSummaryDetail = z.enum(FEED_SUMMARY_DETAILS);

export const clinicFeedSettings = z.object({
  /** `initial`: "Appointment — Jane D."; `none`: "Appointment". */
  summary: feedSummaryDetail,
});
export type ClinicFeedSettings = z.infer<typeof clinicFeedSettings>;

const signedIn = { tag: 'Auth', access: 'authenticated' } as const;
const forAdmins = { tag: 'Admin', access: { roles: ['admin'] } } as const;

export const getMyCalendarFeedEndpoint = defineEndpoint({
  ...signedIn,
  ...getMyCalendarFeedRoute,
  summary: 'Whether the signed-in member has a calendar feed, and when it was last fetched',
  responses: { 200: myCalendarFeed },
});

export const createMyCalendarFeedEndpoint = defineEndpoint({
  ...signedIn,
  ...createMyCalendarFeedRoute,
  summary: 'Make (or rotate) the member’s private calendar feed URL; an earlier URL stops working',
  responses: { 201: createdCalendarFeed },
});

export const revokeMyCalendarFeedEndpoint = defineEndpoint({
  ...signedIn,
  ...revokeMyCalendarFeedRoute,
  summary: 'Turn the member’s calendar feed off; its URL answers 404 from now on',
  responses: { 200: myCalendarFeed },
});

export const listCalendarFeedsEndpoint = defineEndpoint({
  ...forAdmins,
  ...listCalendarFeedsRoute,
  summary: 'Staff of the admin’s clinics who have a calendar feed',
  responses: { 200: calendarFeedOwners },
});

export const revokeCalendarFeedEndpoint = defineEndpoint({
  ...forAdmins,
  ...revokeCalendarFeedRoute,
  summary: 'Turn a staff member’s calendar feed off',
  params: z.object({ userId: uuidParam }),
  responses: { 200: calendarFeedOwners },
  errors: [404],
});

export const getClinicFeedSettingsEndpoint = defineEndpoint({
  ...forAdmins,
  ...getClinicFeedSettingsRoute,
  summary: 'What staff calendar feeds of a clinic say about the patient',
  params: clinicSlugParams,
  responses: { 200: clinicFeedSettings },
  errors: [404],
});

export const updateClinicFeedSettingsEndpoint = defineEndpoint({
  ...forAdmins,
  ...updateClinicFeedSettingsRoute,
  summary: 'Choose what staff calendar feeds of a clinic say about the patient',
  params: clinicSlugParams,
  body: clinicFeedSettings,
  responses: { 200: clinicFeedSettings },
  errors: [404],
});
