import { z } from 'zod';
import { OCCURRENCE_STATUSES } from '@domain/series-preview';
import { MAX_SERIES_OCCURRENCES } from '@domain/repeat-rule';
import { appointment, createAppointmentBody } from './appointments';
import {
  booleanFlag,
  calendarDate,
  idempotencyHeaders,
  idParams,
  instantField,
  namedRef,
} from './common';
import { defineEndpoint } from './endpoint';
import { createSeriesRoute, getSeriesOfAppointmentRoute, getSeriesRoute } from './routes/series';

/** The rule and its first visit; the clinic's zone keeps each visit's wall-clock time. */
export const recurrenceField = z.object({
  rrule: z
    .string()
    .min(1)
    .max(500)
    .describe(
      'RFC 5545 RRULE (with or without "RRULE:"): FREQ DAILY, WEEKLY or MONTHLY, with COUNT ' +
        `(at most ${MAX_SERIES_OCCURRENCES}) or UNTIL; INTERVAL, BYDAY, BYMONTHDAY, WKST allowed.`,
    ),
  dtstart: instantField.describe('The first visit; the same instant as `date`.'),
});

/** Issue 23: the create body with a rule, and the dates (in the clinic's zone) not to book. */
export const createSeriesBody = createAppointmentBody.extend({
  recurrence: recurrenceField,
  skip: z
    .array(calendarDate())
    .max(MAX_SERIES_OCCURRENCES)
    .optional()
    .describe('Dates of occurrences not to book, as YYYY-MM-DD in the clinic’s zone.'),
});
export type CreateSeriesBody = z.infer<typeof createSeriesBody>;

export const createSeriesQuery = z.object({
  preview: booleanFlag.describe('true: answer the preview of every occurrence, book nothing.'),
});

export const occurrenceStatus = z.enum(OCCURRENCE_STATUSES);

export const occurrencePreview = z.object({
  index: z.number().int(),
  date: z.string().describe('The start, ISO 8601.'),
  localDate: z.string().describe('The date in the clinic’s zone, YYYY-MM-DD.'),
  localTime: z.string().describe('The wall-clock time in the clinic’s zone, HH:mm.'),
  status: occurrenceStatus,
});
export type OccurrencePreview = z.infer<typeof occurrencePreview>;

export const seriesPreview = z.object({
  preview: z.literal(true),
  timezone: z.string(),
  occurrences: z.array(occurrencePreview),
});
export type SeriesPreview = z.infer<typeof seriesPreview>;

export const skippedOccurrence = z.object({
  date: z.string().describe('The skipped date in the clinic’s zone, YYYY-MM-DD.'),
  reason: z
    .union([occurrenceStatus, z.literal('skipped')])
    .describe('Why it was not booked: its preview status, or `skipped` for a free date left out.'),
});

export const seriesCreated = z.object({
  seriesId: z.string(),
  created: z.array(appointment),
  skipped: z.array(skippedOccurrence),
});
export type SeriesCreated = z.infer<typeof seriesCreated>;

export const seriesMember = z.object({
  _id: z.string(),
  /** 1-based position among the series' appointments, by start. */
  position: z.number().int(),
  date: z.string(),
  duration: z.number().int(),
  status: z.string(),
});

export const seriesView = z.object({
  id: z.string(),
  rrule: z.string(),
  dtstart: z.string(),
  timezone: z.string(),
  patient: namedRef,
  appointments: z.array(seriesMember),
});
export type SeriesView = z.infer<typeof seriesView>;

const forStaff = { tag: 'Appointments', access: 'authenticated' } as const;

export const createSeriesEndpoint = defineEndpoint({
  ...forStaff,
  ...createSeriesRoute,
  summary: 'Book a series of appointments from a repeat rule, or preview it',
  description:
    'Every occurrence not listed in `skip` is booked in one transaction, or none is: a date ' +
    'taken a moment earlier is a 409 naming it, one outside the provider’s hours or in their ' +
    'time off a 422. With `?preview=true` the answer is each occurrence with its status and ' +
    'nothing is booked. With an Idempotency-Key a retry answers the first result (200).',
  headers: idempotencyHeaders,
  query: createSeriesQuery,
  body: createSeriesBody,
  responses: { 201: seriesCreated, 200: z.union([seriesPreview, seriesCreated]) },
  errors: [404, 409, 422],
});

export const getSeriesEndpoint = defineEndpoint({
  ...forStaff,
  ...getSeriesRoute,
  summary: 'A series with its rule and its appointments in order',
  params: idParams,
  responses: { 200: seriesView },
  errors: [404],
});

export const getSeriesOfAppointmentEndpoint = defineEndpoint({
  ...forStaff,
  ...getSeriesOfAppointmentRoute,
  summary: 'The series an appointment is part of, or null',
  params: idParams,
  responses: { 200: z.object({ series: seriesView.nullable() }) },
  errors: [404],
});
