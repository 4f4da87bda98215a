import { z } from 'zod';
import { okResponse } from './auth';
import { safeText, uuidParam } from './common';
import { defineEndpoint } from './endpoint';
import {
  connectAgentOutsideCalendarRoute,
  connectOwnOutsideCalendarRoute,
  disconnectAgentOutsideCalendarRoute,
  disconnectOwnOutsideCalendarRoute,
  listAgentOutsideCalendarsRoute,
  listClinicOutsideCalendarsRoute,
  listOwnOutsideCalendarsRoute,
  syncAgentOutsideCalendarRoute,
  syncOwnOutsideCalendarRoute,
  setAgentOutsideCalendarPushRoute,
  setOwnOutsideCalendarPushRoute,
} from './routes/outside-calendars';

// Outside calendars (issue 46, ADR 053): a provider's or nurse's other calendars, whose busy
// times block their slots here. Secrets go in once and never come back out.

export const OUTSIDE_CALENDAR_KINDS = ['caldav', 'ical-url'] as const;
export type OutsideCalendarKind = (typeof OUTSIDE_CALENDAR_KINDS)[number];

const webAddress = z
  .string()
  .trim()
  .max(2_000)
  .pipe(z.url({ protocol: /^https?$/, error: 'must be a web address starting with https://' }));

/** The owner's words for the calendar and its address; a CalDAV one with its credentials. */
export const connectOutsideCalendarBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ical-url'),
    name: safeText(120).pipe(z.string().min(1, 'is required')),
    url: webAddress,
  }),
  z.object({
    kind: z.literal('caldav'),
    name: safeText(120).pipe(z.string().min(1, 'is required')),
    url: webAddress,
    username: safeText(200).pipe(z.string().min(1, 'is required')),
    password: z.string().min(1, 'is required').max(500),
  }),
]);
export type ConnectOutsideCalendarBody = z.infer<typeof connectOutsideCalendarBody>;

/** A connected calendar as its owner and admins see it: never its secrets. */
export const outsideCalendarView = z.object({
  id: z.string(),
  kind: z.enum(OUTSIDE_CALENDAR_KINDS),
  name: z.string(),
  /** The address's host and the start of its path, enough to recognise it. */
  address: z.string(),
  username: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** The last sync's failure in words; null when the last sync worked. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Push (ADR 062): whether the owner's appointments are written into this calendar (CalDAV
   * only), whether they name the patient, and how the last push went, in words.
   */
  push: z.object({
    enabled: z.boolean(),
    patientNames: z.boolean(),
    lastPushedAt: z.string().nullable(),
    /** The last push's failure in words; null when it worked. It is tried again with back-off. */
    lastError: z.string().nullable(),
    /** When an event Carebook wrote was last found changed there and put back as booked. */
    lastConflictAt: z.string().nullable(),
    /** The owner's appointments still waiting to be pushed. */
    waiting: z.number().int(),
  }),
});
export type OutsideCalendarView = z.infer<typeof outsideCalendarView>;

export const outsideCalendarList = z.object({ items: z.array(outsideCalendarView) });

/** A calendar on the admins' integrations page: whose it is, and how its syncs go. */
export const staffOutsideCalendarView = outsideCalendarView.extend({
  staff: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
});
export type StaffOutsideCalendarView = z.infer<typeof staffOutsideCalendarView>;

/**
 * Push options of a CalDAV calendar (ADR 062), each left as it is when not given: whether the
 * owner's appointments are written into it, and whether those events name the patient.
 */
export const outsideCalendarPushBody = z
  .object({
    enabled: z.boolean().optional(),
    patientNames: z.boolean().optional(),
  })
  .strict()
  .refine((body) => body.enabled !== undefined || body.patientNames !== undefined, {
    message: 'Say whether to push (enabled) or whether to name patients (patientNames).',
  });
export type OutsideCalendarPushBody = z.infer<typeof outsideCalendarPushBody>;

const calendarParams = z.object({ calendarId: uuidParam });
const agentParams = z.object({ id: uuidParam });
const agentCalendarParams = agentParams.extend({ calendarId: uuidParam });

const agents = { tag: 'Availability', access: { roles: ['provider', 'nurse'] } } as const;
const admins = { tag: 'Availability', access: { roles: ['admin'] } } as const;

export const listOwnOutsideCalendarsEndpoint = defineEndpoint({
  ...agents,
  ...listOwnOutsideCalendarsRoute,
  summary: 'The signed-in provider’s or nurse’s outside calendars and how their syncs went',
  responses: { 200: outsideCalendarList },
});

export const connectOwnOutsideCalendarEndpoint = defineEndpoint({
  ...agents,
  ...connectOwnOutsideCalendarRoute,
  summary: 'Connect a CalDAV calendar or an iCalendar address; its busy times block slots',
  body: connectOutsideCalendarBody,
  responses: { 201: outsideCalendarView },
  errors: [422],
});

export const syncOwnOutsideCalendarEndpoint = defineEndpoint({
  ...agents,
  ...syncOwnOutsideCalendarRoute,
  summary: 'Sync an outside calendar now',
  params: calendarParams,
  responses: { 200: outsideCalendarView },
  errors: [404, 409],
});

export const disconnectOwnOutsideCalendarEndpoint = defineEndpoint({
  ...agents,
  ...disconnectOwnOutsideCalendarRoute,
  summary: 'Disconnect an outside calendar; its busy times stop blocking at once',
  params: calendarParams,
  responses: { 200: okResponse },
  errors: [404],
});

export const listAgentOutsideCalendarsEndpoint = defineEndpoint({
  ...admins,
  ...listAgentOutsideCalendarsRoute,
  summary: 'One provider’s or nurse’s outside calendars and how their syncs went',
  params: agentParams,
  responses: { 200: outsideCalendarList },
  errors: [404],
});

export const connectAgentOutsideCalendarEndpoint = defineEndpoint({
  ...admins,
  ...connectAgentOutsideCalendarRoute,
  summary: 'Connect an outside calendar for a provider or nurse',
  params: agentParams,
  body: connectOutsideCalendarBody,
  responses: { 201: outsideCalendarView },
  errors: [404, 422],
});

export const syncAgentOutsideCalendarEndpoint = defineEndpoint({
  ...admins,
  ...syncAgentOutsideCalendarRoute,
  summary: 'Sync a provider’s or nurse’s outside calendar now',
  params: agentCalendarParams,
  responses: { 200: outsideCalendarView },
  errors: [404, 409],
});

export const disconnectAgentOutsideCalendarEndpoint = defineEndpoint({
  ...admins,
  ...disconnectAgentOutsideCalendarRoute,
  summary: 'Disconnect a provider’s or nurse’s outside calendar',
  params: agentCalendarParams,
  responses: { 200: okResponse },
  errors: [404],
});

export const listClinicOutsideCalendarsEndpoint = defineEndpoint({
  ...admins,
  ...listClinicOutsideCalendarsRoute,
  summary:
    'The outside calendars of the staff of the admin’s clinics, with when each last synced and why a sync failed',
  responses: { 200: z.object({ items: z.array(staffOutsideCalendarView) }) },
});

export const setOwnOutsideCalendarPushEndpoint = defineEndpoint({
  ...agents,
  ...setOwnOutsideCalendarPushRoute,
  summary:
    'Write the signed-in provider’s or nurse’s appointments into a CalDAV calendar, or stop; name patients there or not',
  params: calendarParams,
  body: outsideCalendarPushBody,
  responses: { 200: outsideCalendarView },
  errors: [404, 422],
});

export const setAgentOutsideCalendarPushEndpoint = defineEndpoint({
  ...admins,
  ...setAgentOutsideCalendarPushRoute,
  summary:
    'Write a provider’s or nurse’s appointments into their CalDAV calendar, or stop; name patients there or not',
  params: agentCalendarParams,
  body: outsideCalendarPushBody,
  responses: { 200: outsideCalendarView },
  errors: [404, 422],
});
