import { z } from 'zod';
import {
  calendarDate,
  clinicForPatients,
  clinicReach,
  idParams,
  instantField,
  multiLineText,
  staffRef,
  timezoneField,
  uuidParam,
  patientLanguageSources,
} from './common';
import { PATIENT_CANCEL_REASON_MAX } from '@domain/self-service';
import { SERVICE_KINDS } from '@domain/services';
import { defineEndpoint } from './endpoint';
import {
  cancelPatientSessionRoute,
  confirmPatientSessionRoute,
  getPatientCalendarRoute,
  getPatientSessionRoute,
  getPatientSlotsRoute,
  getStaffSessionRoute,
  joinPatientSessionRoute,
  reschedulePatientSessionRoute,
  signalRoute,
} from './routes/session';

/** A token as we issue them (base64url); anything else is refused before a database look-up. */
export const sessionToken = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'is not a valid link');

/** The link's token, as the patient page sends it to read, join or confirm. */
const linkToken = z.object({ token: z.string().max(256) });
export const sessionTokenQuery = linkToken;
export const joinBody = linkToken;
export const confirmBody = linkToken;

/** Two weeks of free times at a time, from the patient's page. */
export const MAX_PATIENT_SLOT_DAYS = 14;

export const patientSlotsQuery = z.object({
  token: z.string().max(256),
  from: calendarDate(),
  to: calendarDate(),
  /** The patient's own zone, in which `from` and `to` are days; the clinic's when left out. */
  timezone: timezoneField.optional(),
});
export type PatientSlotsQuery = z.infer<typeof patientSlotsQuery>;

/** A free time of the appointment's own provider: nothing about who else is booked. */
export const patientSlot = z.object({ start: z.string(), end: z.string() });
export const patientSlotsResponse = z.object({
  timezone: z.string(),
  slots: z.array(patientSlot),
});
export type PatientSlotsResponse = z.infer<typeof patientSlotsResponse>;

export const patientRescheduleBody = z.object({ token: z.string().max(256), start: instantField });
export type PatientRescheduleBody = z.infer<typeof patientRescheduleBody>;

export const patientCancelBody = z.object({
  token: z.string().max(256),
  reason: multiLineText(PATIENT_CANCEL_REASON_MAX).optional(),
});
export type PatientCancelBody = z.infer<typeof patientCancelBody>;

export const iceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServer>;

/** Why the patient cannot make a change online (`null`: they can). */
export const selfServiceRefusal = z.enum([
  'not_open',
  'closed_by_clinic',
  'past_cutoff',
  'move_limit',
]);

/** What the patient may change from their link, as the clinic's policy has it now (ADR 016). */
const selfServiceChoice = z.object({ allowed: z.boolean(), refusal: z.string().nullable() });
export const patientSelfService = z.object({
  reschedule: selfServiceChoice,
  cancel: selfServiceChoice,
  /** When both are refused for the same reason: that reason once, for both. */
  closed: z.string().nullable(),
  /** When online changes close. */
  cutoffAt: z.string(),
  /** The last day a move may go to (the clinic's booking horizon), in UTC. */
  horizonEnd: z.string(),
});
export type PatientSelfService = z.infer<typeof patientSelfService>;

/**
 * What kind of visit it is (issue 42): by video through the link, in person at `address`, or by
 * phone. Only a video visit has a call to join.
 */
export const patientVisitKind = z.object({
  kind: z.enum(SERVICE_KINDS),
  serviceName: z.string(),
  /** In person: where to go (the service's place, else the clinic's address); null otherwise. */
  address: z.string().nullable(),
  instructions: z.string().nullable(),
  /** By phone: the last four digits of the number on the patient's record, if there is one. */
  phoneEnding: z.string().nullable(),
});
export type PatientVisitKind = z.infer<typeof patientVisitKind>;

/** What the patient page may know: the least it needs, the patient's first name only. */
export const patientSessionView = z.object({
  appointmentId: z.string(),
  clinic: clinicForPatients,
  provider: z.object({ name: z.string() }),
  patient: z.object({ firstName: z.string() }),
  start: z.string(),
  durationMinutes: z.number(),
  status: z.string(),
  state: z.enum(['cancelled', 'too_early', 'open', 'ended']),
  joinOpensAt: z.string(),
  joinClosesAt: z.string(),
  serverNow: z.string(),
  /** Whether the patient may still confirm they will come (open, upcoming, not yet confirmed). */
  confirmable: z.boolean(),
  /** How the patient reaches the clinic besides this link: its phone, address, booking page. */
  reach: clinicReach.optional(),
  /** A cancelled appointment: when, and the reason as the clinic wrote it (if any). */
  cancellation: z.object({ at: z.string(), reason: z.string().nullable() }).nullable().optional(),
  selfService: patientSelfService.optional(),
  /** Absent from answers of before services: a video visit, as every visit was. */
  visit: patientVisitKind.optional(),
  /** Which language the page reads in, besides the browser's (issue 44). */
  language: patientLanguageSources.optional(),
});
export type PatientSessionView = z.infer<typeof patientSessionView>;

export const joinResponse = z.object({ iceServers: z.array(iceServer) });

export const staffSessionView = patientSessionView.extend({
  patient: z.object({ firstName: z.string(), name: z.string(), email: z.string().nullable() }),
  provider: staffRef,
  clinic: z.object({ slug: z.string(), name: z.string(), timezone: z.string() }),
  /** Staff only: notes may hold what the patient told the front desk. */
  notes: z.string().nullable(),
  iceServers: z.array(iceServer),
  /** Why this user may not join the video (only the staff member it is booked with may). */
  joinRefusal: z.string().nullable(),
});
export type StaffSessionView = z.infer<typeof staffSessionView>;

/** A finished visit's link after VISIT_LINK_DAYS_AFTER_END: nothing about the visit is said. */
export const VISIT_LINK_EXPIRED =
  'This visit link has expired. If you need to be seen, please contact your clinic.';

/** A second window of someone already in the visit (the room holds two people). */
export const VISIT_ALREADY_OPEN =
  'This visit is already open in another window or on another device. Close it there, then try again.';

/** Said to the window that another window of the same person took over. */
export const VISIT_OPENED_ELSEWHERE =
  'This visit was opened in another window or on another device, so it was closed here.';

/** Said to a window in the visit through a link that staff have since replaced (ADR 016). */
export const VISIT_LINK_REPLACED =
  'Your clinic replaced this visit link, so the visit was closed here. Please use the link in the latest message from your clinic.';

export const NOT_A_VALID_LINK =
  'This visit link is not valid. Please use the link in the latest message from your clinic.';

/** Messages over the signalling socket; the server only relays them within one visit. */
export const signalMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello') }),
  z.object({ type: z.literal('bye') }),
  z.object({
    type: z.literal('description'),
    description: z.object({
      type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
      sdp: z.string().max(20_000).optional(),
    }),
  }),
  z.object({ type: z.literal('candidate'), candidate: z.unknown() }),
]);
export type SignalMessage = z.infer<typeof signalMessage>;

/** How the signalling socket is opened: by the patient with their token, or by staff for a visit. */
export const signalQuery = z.object({
  token: z.string().max(256).optional(),
  appointmentId: uuidParam.optional(),
  /** The browser tab, the same across its reconnections (see enterVisit on the server). */
  client: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

export const getPatientSessionEndpoint = defineEndpoint({
  ...getPatientSessionRoute,
  summary: 'The visit a patient’s link leads to, with the least the patient page needs',
  description:
    'An unknown or malformed token is a 404 that says nothing more; a finished visit’s link answers 410 once it has expired.',
  tag: 'Sessions',
  access: 'public',
  query: sessionTokenQuery,
  responses: { 200: patientSessionView },
  errors: [404, 410, 429],
});

export const joinPatientSessionEndpoint = defineEndpoint({
  ...joinPatientSessionRoute,
  summary: 'Tell the clinic the patient is here, and get the servers for the video call',
  tag: 'Sessions',
  access: 'public',
  body: joinBody,
  responses: { 200: joinResponse },
  errors: [404, 409, 410, 429],
});

export const confirmPatientSessionEndpoint = defineEndpoint({
  ...confirmPatientSessionRoute,
  summary: 'The patient confirms they will come: the appointment becomes CONFIRMED',
  description:
    'Confirming again answers 200 and changes nothing. A cancelled, marked or started appointment is a 409; an unknown token a 404 that says no more than the page does.',
  tag: 'Sessions',
  access: 'public',
  body: confirmBody,
  responses: { 200: patientSessionView },
  errors: [404, 409, 410, 429],
});

export const getStaffSessionEndpoint = defineEndpoint({
  ...getStaffSessionRoute,
  summary: 'The staff side of one visit: who, when, and whether this user may join',
  tag: 'Sessions',
  access: 'authenticated',
  params: idParams,
  responses: { 200: staffSessionView },
  errors: [404],
});

export const signalEndpoint = defineEndpoint({
  ...signalRoute,
  summary: 'Open the visit’s video-call signalling WebSocket',
  description:
    'Upgrades to a WebSocket. The patient names their `token`; staff name the `appointmentId` and are known by their session cookie, and only the staff member the visit is booked with gets in. Messages are JSON: `hello`, `bye`, `description` and `candidate`, relayed to the other side of the visit; the server sends `ready` once in the room. A refusal closes the socket with code 4000 plus the HTTP status it stands for (4401, 4403, 4404, 4409) and a reason to show.',
  tag: 'Sessions',
  access: 'public',
  query: signalQuery,
  responses: {
    101: z.null().describe('Switching to the WebSocket protocol.'),
  },
  errors: [426, 429],
});

const patientLink = { tag: 'Sessions', access: 'public' } as const;

export const getPatientSlotsEndpoint = defineEndpoint({
  ...patientLink,
  ...getPatientSlotsRoute,
  summary: 'Free times of the same provider, for the patient to move their appointment to',
  description: `At most ${MAX_PATIENT_SLOT_DAYS} days at a time, up to the clinic’s booking horizon; the appointment’s own time counts as free. A 409 when the clinic’s policy does not let this patient move it online (the message says why).`,
  query: patientSlotsQuery,
  responses: { 200: patientSlotsResponse },
  errors: [400, 404, 409, 410, 429],
});

export const reschedulePatientSessionEndpoint = defineEndpoint({
  ...patientLink,
  ...reschedulePatientSessionRoute,
  summary: 'The patient moves their appointment to another free time of the same provider',
  description:
    'The same booking rules and no-double-booking constraint as staff’s: a time taken a moment earlier is a 409 the patient can act on. Refused (409) after the clinic’s cut-off, past its move limit, or when the clinic takes no online changes. The link stays the same.',
  body: patientRescheduleBody,
  responses: { 200: patientSessionView },
  errors: [400, 404, 409, 410, 422, 429],
});

export const cancelPatientSessionEndpoint = defineEndpoint({
  ...patientLink,
  ...cancelPatientSessionRoute,
  summary: 'The patient cancels their appointment, with an optional reason',
  description:
    'Refused (409) after the clinic’s cut-off or when the clinic takes no online cancellations.',
  body: patientCancelBody,
  responses: { 200: patientSessionView },
  errors: [400, 404, 409, 410, 429],
});

export const getPatientCalendarEndpoint = defineEndpoint({
  ...patientLink,
  ...getPatientCalendarRoute,
  summary: 'The appointment as an iCalendar file (.ics), to add to the patient’s calendar',
  query: sessionTokenQuery,
  responses: { 200: z.string().describe('An iCalendar (text/calendar) file with one event.') },
  errors: [404, 410, 429],
});
