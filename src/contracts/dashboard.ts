import { z } from 'zod';
import { APPOINTMENT_STATUSES } from '@domain/appointment-status';
import { appointmentCounts } from './appointments';
import { clinicRef, countsOf, namedRef, visitRow } from './common';
import { defineEndpoint } from './endpoint';
import { getDashboardRoute } from './routes/dashboard';

/** Days either side of today that the per-day chart covers. */
export const DASHBOARD_WINDOW_DAYS = 30;
/** How many open past appointments and upcoming ones the lists show; counts give the totals. */
export const DASHBOARD_PENDING_LIMIT = 10;
export const DASHBOARD_NEXT_LIMIT = 5;
/** The period "Booked online" counts: bookings patients made themselves in the last this many days. */
export const DASHBOARD_ONLINE_DAYS = 30;
/** A day holds far fewer; the cap only keeps a runaway day from flooding the page. */
export const DASHBOARD_TODAY_LIMIT = 500;
/** How many of today’s and tomorrow’s unconfirmed appointments the list shows, soonest first. */
export const DASHBOARD_UNCONFIRMED_LIMIT = 8;
/** Visits patients moved themselves are listed when they now start within this many hours. */
export const DASHBOARD_PATIENT_MOVE_HOURS = 24;
/** How many of those the list shows, soonest first; `patientMovesTotal` counts them all. */
export const DASHBOARD_PATIENT_MOVE_LIMIT = 10;

export const dashboardQuery = z.object({
  /** The zone "today" and the per-day buckets are reckoned in; the user's own setting when absent. */
  timezone: z.string().max(64).optional(),
  /** Narrows a clinic-wide dashboard to one of the user's clinics (slug or id). */
  clinic: clinicRef.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** Just what a dashboard row shows: no contact details, no session token. */
export const dashboardAppointment = visitRow.extend({
  staff: namedRef,
  clinic: z.string(),
});
export type DashboardAppointment = z.infer<typeof dashboardAppointment>;

/** A visit the patient moved through their link: `date` is where it is now, `from` where it was. */
export const dashboardPatientMove = dashboardAppointment.extend({
  /** Null only for history written without the old time. */
  from: z.string().nullable(),
  /** When the patient moved it. */
  movedAt: z.string(),
});
export type DashboardPatientMove = z.infer<typeof dashboardPatientMove>;

export const statusTally = countsOf(APPOINTMENT_STATUSES);
export type StatusTally = z.infer<typeof statusTally>;

export const perDayEntry = z.object({
  /** Local date (YYYY-MM-DD) in the dashboard's zone. */
  date: z.string(),
  total: z.number().int(),
  statuses: statusTally,
});
export type PerDayEntry = z.infer<typeof perDayEntry>;

/**
 * No-show rates over the last DASHBOARD_WINDOW_DAYS days: `total` counts the past appointments
 * with a recorded outcome (completed, no-show or disqualified), `noShows` the no-shows among them.
 * Cancelled and not-yet-marked appointments are left out, so they neither raise nor dilute it.
 */
const noShowRate = {
  total: z.number().int(),
  noShows: z.number().int(),
  /** noShows / total, 0 when total is 0. */
  rate: z.number(),
};

export const noShowByAgentEntry = z.object({
  agentId: z.string(),
  name: z.string(),
  ...noShowRate,
});
export type NoShowByAgentEntry = z.infer<typeof noShowByAgentEntry>;

export const noShowByWeekdayEntry = z.object({
  /** 0 = Sunday … 6 = Saturday, in the dashboard's zone. */
  weekday: z.number().int().min(0).max(6),
  ...noShowRate,
});
export type NoShowByWeekdayEntry = z.infer<typeof noShowByWeekdayEntry>;

export const dashboardResponse = z.object({
  /** Whose numbers these are: the user's own (providers, nurses) or their clinics'. */
  scope: z.enum(['own', 'clinic']),
  timezone: z.string(),
  /** Today's local date (YYYY-MM-DD) in `timezone`. */
  date: z.string(),
  generatedAt: z.string(),
  /**
   * Today's appointments by time, cancelled ones included: all of them, or the first
   * DASHBOARD_TODAY_LIMIT (perDay has the day's total).
   */
  today: z.array(dashboardAppointment),
  /** Past appointments that still need a Mark as, most recent first (counts.pending has the total). */
  pending: z.array(dashboardAppointment),
  /** The soonest upcoming appointments. */
  next: z.array(dashboardAppointment),
  /**
   * Open appointments from now to the end of tomorrow (in `timezone`) the patient has not
   * confirmed, soonest first: who to call. `unconfirmedTotal` counts all of them.
   */
  unconfirmed: z.array(dashboardAppointment),
  unconfirmedTotal: z.number().int(),
  /**
   * Open visits starting within DASHBOARD_PATIENT_MOVE_HOURS that the patient moved there
   * themselves (their latest move was theirs, ADR 037), soonest first: the front desk and the
   * provider learn of a short-notice change. `patientMovesTotal` counts all of them.
   */
  patientMoves: z.array(dashboardPatientMove),
  patientMovesTotal: z.number().int(),
  /** The list's count buckets over everything in scope (same rules as /api/appointments/counts). */
  counts: appointmentCounts,
  perDay: z.array(perDayEntry),
  noShowByAgent: z.array(noShowByAgentEntry),
  noShowByWeekday: z.array(noShowByWeekdayEntry),
  /**
   * Appointments patients booked themselves on the public page (source "online", ADR 022) in
   * the last `days` days, counted by when they were booked, whatever became of them since.
   */
  bookedOnline: z.object({ days: z.number().int(), count: z.number().int() }),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

export const getDashboardEndpoint = defineEndpoint({
  ...getDashboardRoute,
  reads: 'replica',
  summary: 'The day at a glance: counts, what needs marking, what comes next, charts',
  tag: 'Dashboard',
  access: 'authenticated',
  query: dashboardQuery,
  responses: { 200: dashboardResponse },
  errors: [404],
});
