import { z } from 'zod';
import {
  APPOINTMENT_STATUSES,
  COUNT_BUCKETS,
  MARK_ACTIONS,
  STATUS_CORRECTIONS,
} from '@domain/appointment-status';
import { DEFAULT_PAGE_SIZE } from '@domain/constants';
import {
  booleanFlag,
  calendarDate,
  clinicRef,
  countsOf,
  idempotencyHeaders,
  idParams,
  instantField,
  multiLineText,
  safeText,
  staffRef,
  uuidParam,
  wholeNumber,
} from './common';
import { defineEndpoint } from './endpoint';
import {
  actOnAppointmentRoute,
  checkAppointmentMoveRoute,
  changeAppointmentRoute,
  correctAppointmentStatusRoute,
  countAppointmentsRoute,
  createAppointmentRoute,
  editAppointmentNotesRoute,
  getAppointmentRoute,
  listAppointmentsInRangeRoute,
  listAppointmentsPageRoute,
  exportAppointmentsRoute,
  resetAppointmentLinkRoute,
} from './routes/appointments';

/** The fixed source identifier this product writes on the appointments it creates (spec §7). */
export const APPOINTMENT_SOURCE = 'carebook';

const isoDateTime = instantField;

export const historyEntry = z.object({
  type: z.string(),
  timestamp: z.string(),
  reason: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  by: z.string().nullable(),
});
export type HistoryEntryView = z.infer<typeof historyEntry>;

/** Spec §3 "Appointment", exactly. */
export const appointment = z.object({
  _id: z.string(),
  date: z.string(),
  duration: z.number(),
  token: z.string(),
  patient: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    clinic: z.string(),
    source: z.string().nullable(),
  }),
  staff: staffRef,
  metadata: z.object({
    status: z.string(),
    notes: z.string().nullable(),
    source: z.string(),
    type: z.string(),
  }),
  statusHistory: z.array(historyEntry),
  serviceId: z
    .string()
    .nullable()
    .describe('What was booked (a service of the clinic); null: the clinic’s default service.'),
  resourceId: z
    .string()
    .nullable()
    .describe('The room or equipment it uses (a resource of the clinic); null: none.'),
});
export type Appointment = z.infer<typeof appointment>;

export const appointmentCounts = countsOf(COUNT_BUCKETS);
export type AppointmentCountsView = z.infer<typeof appointmentCounts>;

/** A calendar date or a full ISO instant. */
const dateOrInstant = z.union([calendarDate(), isoDateTime], {
  error:
    'must be a date such as 2026-11-23 or a date and time such as 2026-11-23T09:00:00Z, between 1900 and 2199',
});

/** `status` takes the count words (upcoming, pending, …) or a stored status in either case. */
export const statusFilter = z
  .string()
  .max(40)
  .transform((s) => s.trim())
  .refine(
    (s) =>
      (COUNT_BUCKETS as readonly string[]).includes(s.toLowerCase()) ||
      (APPOINTMENT_STATUSES as readonly string[]).includes(s.toUpperCase()),
    { message: `must be one of ${COUNT_BUCKETS.join(', ')} or a status` },
  );

const idOrSlug = clinicRef;

/** Filters shared by the paginated list and the counts (spec §7). */
export const appointmentFilters = z.object({
  clinic: idOrSlug.optional(),
  patientEmail: safeText(254).optional(),
  dateFrom: dateOrInstant.optional(),
  dateTo: dateOrInstant.optional(),
  staffId: uuidParam.optional(),
  search: safeText(200).optional(),
  'clinicIds[]': z.union([idOrSlug, z.array(idOrSlug).max(100)]).optional(),
  clinicIds: z.union([idOrSlug, z.array(idOrSlug).max(100)]).optional(),
  timezone: z.string().max(64).optional(),
});
export type AppointmentFilters = z.infer<typeof appointmentFilters>;

export const paginatedQuery = appointmentFilters.extend({
  page: wholeNumber(1, 100_000).default(1),
  limit: wholeNumber(1, 100).default(DEFAULT_PAGE_SIZE),
  status: statusFilter.optional(),
});
export type PaginatedQuery = z.infer<typeof paginatedQuery>;

export const paginatedResponse = z.object({
  data: z.array(appointment),
  pagination: z.object({ hasNextPage: z.boolean(), currentPage: z.number().int() }),
  counts: appointmentCounts,
});
export type PaginatedResponse = z.infer<typeof paginatedResponse>;

export const rangeQuery = z.object({
  includeAll: booleanFlag,
  includeExpired: booleanFlag,
  startDate: dateOrInstant.optional(),
  endDate: dateOrInstant.optional(),
  timezone: z.string().max(64).optional(),
});
export type RangeQuery = z.infer<typeof rangeQuery>;

const IGNORED = 'Accepted as the spec sends it and ignored: the server looks it up by id.';

const personRef = z.object({
  id: uuidParam,
  name: safeText(200).optional().describe(IGNORED),
  email: safeText(254).optional().describe(IGNORED),
});

/** The longest notes an appointment keeps, the same when booking and when editing. */
export const NOTES_MAX = 2000;

/** Spec §7 "Create". Only ids, the time and the notes are trusted; names are looked up. */
export const createAppointmentBody = z.object({
  date: isoDateTime,
  startTime: z
    .string()
    .max(64)
    .optional()
    .describe('Accepted as the spec sends it and ignored: `date` and `duration` decide the time.'),
  endTime: z
    .string()
    .max(64)
    .optional()
    .describe('Accepted as the spec sends it and ignored: `date` and `duration` decide the time.'),
  staff: personRef,
  patient: personRef.extend({
    phone: safeText(64).nullable().optional().describe(IGNORED),
    clinic: clinicRef,
  }),
  duration: z.number().int().min(5).max(480).optional(),
  serviceId: uuidParam
    .nullish()
    .describe(
      'The service booked; absent: the clinic’s default service, which takes any length. The length must be one the service allows.',
    ),
  overrideOutsideBusy: z
    .boolean()
    .optional()
    .describe(
      'Book even though the provider is busy then in their outside calendar (ADR 053); audited.',
    ),
  resourceId: uuidParam
    .optional()
    .describe(
      'The room or equipment to use, one the service needs that is free then (ADR 045); absent: the first free one.',
    ),
  metadata: z
    .object({
      source: safeText(100)
        .optional()
        .describe(`Ignored: the server writes "${APPOINTMENT_SOURCE}" on what it books.`),
      type: safeText(40).optional(),
      notes: multiLineText(NOTES_MAX).nullable().optional(),
      status: safeText(40).optional().describe('Ignored: a new appointment is always BOOKED.'),
    })
    .optional(),
});
export type CreateAppointmentBody = z.infer<typeof createAppointmentBody>;

/**
 * Which visits of a series a cancel or a reschedule concerns: this one (the default, so callers
 * that know nothing of series keep working), this and the following ones, or all still open.
 */
export const SERIES_SCOPES = ['one', 'following', 'all'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
export const seriesScope = z
  .enum(SERIES_SCOPES, { error: `must be one of ${SERIES_SCOPES.join(', ')}` })
  .optional()
  .describe('For an occurrence of a series: one (default), following or all.');

/** Spec §7 "Reschedule and reassign". */
export const updateAppointmentBody = z.object({
  id: uuidParam.optional(),
  date: isoDateTime,
  overrideOutsideBusy: z
    .boolean()
    .optional()
    .describe(
      'Move even though the provider is busy then in their outside calendar (ADR 053); audited.',
    ),
  staff: personRef,
  duration: z.number().int().min(5).max(480).optional(),
  scope: seriesScope,
  resourceId: uuidParam
    .optional()
    .describe(
      'Another room or equipment the service can use, free at the new time (the same time moves it to that room, ADR 045); absent: the appointment keeps its own if free then, else the first free one.',
    ),
});
export type UpdateAppointmentBody = z.infer<typeof updateAppointmentBody>;

/** `confirm` records a confirmation staff took (by phone, at the desk) in their name. */
export const APPOINTMENT_ACTIONS = ['cancel', 'confirm', ...MARK_ACTIONS] as const;
export const actionQuery = z.object({ action: z.enum(APPOINTMENT_ACTIONS) });
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

export const CANCEL_REASON_MAX = 1000;
export const cancelBody = z.object({
  reason: multiLineText(CANCEL_REASON_MAX).pipe(z.string().min(1, 'A reason is required')),
});
/** The reason travels with a cancel; the marks take no body. */
export const actionBody = z
  .object({ reason: multiLineText(CANCEL_REASON_MAX).optional(), scope: seriesScope })
  .nullish();

/** Edits the notes; empty (after trimming) or null clears them. */
export const updateNotesBody = z.object({ notes: multiLineText(NOTES_MAX).nullable() });
export type UpdateNotesBody = z.infer<typeof updateNotesBody>;

/** Corrects a marked status: another mark, or UNMARKED to go back to Pending. */
export const correctStatusBody = z.object({
  status: z.enum(STATUS_CORRECTIONS, {
    error: `must be one of ${STATUS_CORRECTIONS.join(', ')}`,
  }),
});
export type CorrectStatusBody = z.infer<typeof correctStatusBody>;

/** Every appointment call is for signed-in staff; the clinic rules decide the rest. */
const forStaff = { tag: 'Appointments', access: 'authenticated' } as const;

export const listAppointmentsInRangeEndpoint = defineEndpoint({
  ...forStaff,
  ...listAppointmentsInRangeRoute,
  reads: 'replica',
  summary: 'Appointments in a date range, for the calendar (spec §7)',
  query: rangeQuery,
  responses: { 200: z.array(appointment) },
});

export const listAppointmentsPageEndpoint = defineEndpoint({
  ...forStaff,
  ...listAppointmentsPageRoute,
  reads: 'replica',
  summary: 'A page of appointments with the counts of each tab (spec §7)',
  query: paginatedQuery,
  responses: { 200: paginatedResponse },
});

/** The list's filters and tab, without its paging: what an export of the list takes. */
export const exportAppointmentsQuery = appointmentFilters.extend({
  status: statusFilter.optional(),
});
export type ExportAppointmentsQuery = z.infer<typeof exportAppointmentsQuery>;

export const exportAppointmentsEndpoint = defineEndpoint({
  ...forStaff,
  ...exportAppointmentsRoute,
  summary: 'The appointments the list shows with the same filters and tab, whole, as a CSV file',
  description:
    'One line per appointment in the list’s order, times in the viewer’s time zone, streamed; at most 100,000 lines (a narrower period for more). Each appointment exported is audited. A cell that a spreadsheet would take for a formula (starting with =, +, -, @, a tab or a carriage return) starts with a quote.',
  query: exportAppointmentsQuery,
  responses: { 200: z.string().describe('A CSV file (text/csv), with a header line.') },
});

export const countAppointmentsEndpoint = defineEndpoint({
  ...forStaff,
  ...countAppointmentsRoute,
  reads: 'replica',
  summary: 'How many appointments each tab holds (spec §7)',
  query: appointmentFilters,
  responses: { 200: appointmentCounts },
});

export const getAppointmentEndpoint = defineEndpoint({
  ...forStaff,
  ...getAppointmentRoute,
  summary: 'One appointment with its history (spec §7)',
  params: idParams,
  responses: { 200: appointment },
  errors: [404],
});

export const createAppointmentEndpoint = defineEndpoint({
  ...forStaff,
  ...createAppointmentRoute,
  summary: 'Book an appointment in a free slot (spec §7)',
  description:
    'A slot taken a moment earlier is a 409; outside the agent’s hours or in the past is a 422. ' +
    'With an Idempotency-Key a retry answers the first result (200) and books nothing twice.',
  headers: idempotencyHeaders,
  body: createAppointmentBody,
  responses: { 201: appointment, 200: appointment },
  errors: [404, 409, 422],
});

export const changeAppointmentEndpoint = defineEndpoint({
  ...forStaff,
  ...changeAppointmentRoute,
  summary: 'Reschedule or reassign an appointment (spec §7)',
  params: idParams,
  body: updateAppointmentBody,
  responses: { 200: appointment },
  errors: [404, 409, 422],
});

/** Whether a move would be accepted, and if not, the words its refusal would carry. */
export const moveCheckResponse = z.object({
  bookable: z.boolean(),
  /** The sentence the change would be refused with; null when it would be accepted. */
  message: z.string().nullable(),
  /** What stands in the way, when it is another booking or a patient's online hold. */
  conflict: z
    .object({
      kind: z.enum(['appointment', 'hold']),
      start: z.string(),
      end: z.string(),
      /** For a hold: when it lapses and the time is free again. */
      expiresAt: z.string().nullable(),
    })
    .nullable(),
  /**
   * True when only the provider's outside calendar stands in the way (ADR 053): staff may move
   * it anyway by sending `overrideOutsideBusy`. Absent otherwise.
   */
  overridable: z.boolean().optional(),
});
export type MoveCheckResponse = z.infer<typeof moveCheckResponse>;

export const checkAppointmentMoveEndpoint = defineEndpoint({
  ...forStaff,
  ...checkAppointmentMoveRoute,
  summary: 'Whether a reschedule or reassign would be accepted, without making it',
  params: idParams,
  body: updateAppointmentBody,
  responses: { 200: moveCheckResponse },
  errors: [404, 409],
});

export const actOnAppointmentEndpoint = defineEndpoint({
  ...forStaff,
  ...actOnAppointmentRoute,
  summary:
    'Cancel or confirm an appointment, or mark it completed, no-show or disqualified (spec §7)',
  params: idParams,
  query: actionQuery,
  body: actionBody,
  responses: { 200: appointment },
  errors: [404, 409],
});

export const editAppointmentNotesEndpoint = defineEndpoint({
  ...forStaff,
  ...editAppointmentNotesRoute,
  summary: 'Edit an appointment’s notes, with a history entry',
  params: idParams,
  body: updateNotesBody,
  responses: { 200: appointment },
  errors: [404, 409, 422],
});

export const correctAppointmentStatusEndpoint = defineEndpoint({
  ...forStaff,
  ...correctAppointmentStatusRoute,
  summary: 'Correct a marked status, or take the mark back, with a history entry',
  params: idParams,
  body: correctStatusBody,
  responses: { 200: appointment },
  errors: [404, 409, 422],
});

export const resetAppointmentLinkEndpoint = defineEndpoint({
  ...forStaff,
  ...resetAppointmentLinkRoute,
  summary: 'Give the patient a new visit link; the old one stops working at once',
  description:
    'The link otherwise stays the same for the life of the appointment. The patient is sent the new link; the history gets LINK_RESET by the staff member. A started or cancelled appointment is a 409.',
  params: idParams,
  responses: { 200: appointment },
  errors: [404, 409],
});
