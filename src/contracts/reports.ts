import { z } from 'zod';
import type { BOOKING_CHANNELS } from '@domain/booking-channels';
import { REPORT_GRANULARITIES } from '@domain/report-periods';
import { clinicRef } from './common';
import { defineEndpoint } from './endpoint';
import { exportReportRoute, getReportRoute } from './routes/reports';

/** What a report's lines are split by (issue 45): one clinic, agent, service or booking channel each. */
export const REPORT_GROUPS = ['clinic', 'provider', 'service', 'source'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** How each booking channel reads in a report. */
export const BOOKING_CHANNEL_LABELS = {
  front_desk: 'Front desk',
  online: 'Online booking',
  self_service: 'Patient self-service',
  fhir: 'FHIR integration',
} as const satisfies Record<(typeof BOOKING_CHANNELS)[number], string>;

const dateKey = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a calendar date as YYYY-MM-DD.')
  .describe('A calendar date (YYYY-MM-DD) on each clinic’s own calendar.');

export const reportQuery = z.object({
  /** One of the caller's clinics (slug or id); absent: every clinic whose reports they may read. */
  clinic: clinicRef.optional(),
  /** The period's first and last days; absent: the last twelve weeks or months. */
  from: dateKey.optional(),
  to: dateKey.optional(),
  by: z.enum(REPORT_GRANULARITIES).default('month'),
  group: z.enum(REPORT_GROUPS).default('clinic'),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** What a line of a report adds up to; rates are 0 where there is nothing to divide. */
export const reportFigures = z.object({
  booked: z.number().int(),
  attended: z.number().int(),
  noShows: z.number().int(),
  /** noShows ÷ (attended + noShows): of the visits with an outcome, how many were missed. */
  noShowRate: z.number(),
  cancelled: z.number().int(),
  /** Cancelled inside the clinic's cut-off (its hours before the start when online changes close). */
  lateCancelled: z.number().int(),
  /** Average days from booking to the visit's start. */
  averageLeadDays: z.number(),
  /** Minutes of the visits not cancelled. */
  bookedMinutes: z.number().int(),
  /** The agents' hours in the period, time off excluded; null when split by service or source. */
  availableMinutes: z.number().int().nullable(),
  /** bookedMinutes ÷ availableMinutes; null with availableMinutes. */
  utilisation: z.number().nullable(),
  /** Bookings that were the patient's first; the others are returning patients'. */
  newPatients: z.number().int(),
  returningPatients: z.number().int(),
  /** Confirmed by the patient after a reminder had gone out. */
  confirmedAfterReminder: z.number().int(),
  /** confirmedAfterReminder ÷ booked. */
  confirmationRate: z.number(),
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const reportBucket = z.object({
  /** The week's Sunday or the month's first day. */
  start: z.string(),
  /** The days of it inside the period. */
  from: z.string(),
  to: z.string(),
});

export const reportResponse = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(REPORT_GRANULARITIES),
  group: z.enum(REPORT_GROUPS),
  /** The clinics the report covers. */
  clinics: z.array(
    z.object({ id: z.string(), slug: z.string(), name: z.string(), timezone: z.string() }),
  ),
  buckets: z.array(reportBucket),
  /** The lines, in name order: each with its figures over the period and per week or month. */
  groups: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      total: reportFigures,
      /** One per bucket, in the buckets' order. */
      buckets: z.array(reportFigures),
    }),
  ),
  /** All lines together, over the period and per bucket. */
  total: reportFigures,
  bucketTotals: z.array(reportFigures),
});
export type ReportResponse = z.infer<typeof reportResponse>;

export const getReportEndpoint = defineEndpoint({
  ...getReportRoute,
  summary:
    'A clinic’s numbers over a period, by week or month, per clinic, provider, service or source',
  description:
    'Read from the roll-up the database keeps (ADR 052). Admins, and the roles a clinic allows, see their clinics’ reports; weeks (from Sunday) and months are each clinic’s own calendar’s.',
  tag: 'Reports',
  access: 'authenticated',
  query: reportQuery,
  responses: { 200: reportResponse },
  errors: [404],
});

/** Which of a report's tables a file holds: one line per line of the report, or per week or month. */
export const REPORT_TABLES = ['groups', 'buckets'] as const;

export const exportReportQuery = reportQuery.extend({
  table: z.enum(REPORT_TABLES).default('groups'),
});
export type ExportReportQuery = z.infer<typeof exportReportQuery>;

export const exportReportEndpoint = defineEndpoint({
  ...exportReportRoute,
  summary: 'One of a report’s tables as a CSV file',
  description:
    'The same report as GET /api/reports, one line per line (table=groups) or per week or month (table=buckets). A cell that a spreadsheet would take for a formula starts with a quote.',
  tag: 'Reports',
  access: 'authenticated',
  query: exportReportQuery,
  responses: { 200: z.string().describe('A CSV file (text/csv), with a header line.') },
  errors: [404],
});
