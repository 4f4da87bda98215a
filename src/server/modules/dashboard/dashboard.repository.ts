import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';
import { PATIENT_ACTOR } from '../../core/request-context';

/** Whose appointments: the clinics always, one agent when the dashboard is an agent's own. */
export interface DashboardScope {
  clinicIds: readonly string[];
  staffId?: string;
}

const a = t.appointments;
const OPEN = ['BOOKED', 'SCHEDULED', 'CONFIRMED'];
const MARKED = ['COMPLETED', 'NO_SHOW', 'DISQUALIFIED', 'CANCELLED'];
/** Statuses that record what happened at a visit: the denominator of a no-show rate. */
const OUTCOMES = ['COMPLETED', 'NO_SHOW', 'DISQUALIFIED'];

// Every query below starts with clinic_id (and staff_id) plus a start_at range where it has one,
// so PostgreSQL walks appointments_clinic_start_idx / appointments_staff_start_idx.
function scoped(scope: DashboardScope, ...more: Array<SQL | undefined>): SQL | undefined {
  return and(
    inArray(a.clinicId, [...scope.clinicIds]),
    scope.staffId ? eq(a.staffId, scope.staffId) : undefined,
    ...more,
  );
}

/** What a dashboard row shows of an appointment, its patient, agent and clinic. */
const summaryFields = {
  id: a.id,
  startAt: a.startAt,
  duration: a.duration,
  status: a.status,
  patientId: a.patientId,
  firstName: t.patients.firstName,
  lastName: t.patients.lastName,
  staffId: a.staffId,
  staffName: t.users.name,
  clinicSlug: t.clinics.slug,
};

function selectSummaries(db: Executor) {
  return db
    .select(summaryFields)
    .from(a)
    .innerJoin(t.patients, eq(t.patients.id, a.patientId))
    .innerJoin(t.users, eq(t.users.id, a.staffId))
    .innerJoin(t.clinics, eq(t.clinics.id, a.clinicId));
}
export type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['where']>>[number];

/** A short list of the scope's appointments: those matching, in the order given. */
function summaries(
  db: Executor,
  scope: DashboardScope,
  where: SQL[],
  order: 'soonest' | 'latest',
  limit: number,
) {
  return selectSummaries(db)
    .where(scoped(scope, ...where))
    .orderBy(order === 'soonest' ? asc(a.startAt) : desc(a.startAt), asc(a.id))
    .limit(limit);
}

export function appointmentsBetween(
  db: Executor,
  scope: DashboardScope,
  from: Date,
  to: Date,
  limit: number,
) {
  return summaries(db, scope, [gte(a.startAt, from), lt(a.startAt, to)], 'soonest', limit);
}

/** Open appointments whose time has come: they wait for a Mark as. */
export function pendingAppointments(db: Executor, scope: DashboardScope, now: Date, limit: number) {
  return summaries(db, scope, [lte(a.startAt, now), inArray(a.status, OPEN)], 'latest', limit);
}

export function nextAppointments(db: Executor, scope: DashboardScope, now: Date, limit: number) {
  return summaries(db, scope, [gt(a.startAt, now), notInArray(a.status, MARKED)], 'soonest', limit);
}

const UNCONFIRMED = ['BOOKED', 'SCHEDULED'];

/** Open appointments from now until `to` that the patient has not confirmed: who to call. */
export function unconfirmedAppointments(
  db: Executor,
  scope: DashboardScope,
  now: Date,
  to: Date,
  limit: number,
) {
  return summaries(
    db,
    scope,
    [gt(a.startAt, now), lt(a.startAt, to), inArray(a.status, UNCONFIRMED)],
    'soonest',
    limit,
  );
}

export async function countUnconfirmed(db: Executor, scope: DashboardScope, now: Date, to: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(a)
    .where(scoped(scope, gt(a.startAt, now), lt(a.startAt, to), inArray(a.status, UNCONFIRMED)));
  return row?.n ?? 0;
}

/**
 * Appointments per local date and status. The zone is a bound parameter, so the grouping refers
 * to the output column by position: two `$n` placeholders would not count as the same expression.
 */
export async function countPerDayAndStatus(
  db: Executor,
  scope: DashboardScope,
  range: { from: Date; to: Date },
  timezone: string,
) {
  return db
    .select({
      date: sql<string>`to_char(${a.startAt} at time zone ${timezone}, 'YYYY-MM-DD')`,
      status: a.status,
      count: sql<number>`count(*)::int`,
    })
    .from(a)
    .where(scoped(scope, gte(a.startAt, range.from), lt(a.startAt, range.to)))
    .groupBy(sql`1`, sql`2`);
}

/** A group's recorded outcomes, its no-shows among them, and their share (0 with none). */
const noShowTally = {
  total: sql<number>`(count(*) filter (where ${inArray(a.status, OUTCOMES)}))::int`,
  noShows: sql<number>`(count(*) filter (where ${a.status} = 'NO_SHOW'))::int`,
  rate: sql<number>`coalesce(
  (count(*) filter (where ${a.status} = 'NO_SHOW'))::float8
    / nullif(count(*) filter (where ${inArray(a.status, OUTCOMES)}), 0),
  0)`,
};

export async function noShowsByAgent(
  db: Executor,
  scope: DashboardScope,
  range: { from: Date; to: Date },
) {
  return (
    db
      .select({
        agentId: a.staffId,
        name: t.users.name,
        ...noShowTally,
      })
      .from(a)
      .innerJoin(t.users, eq(t.users.id, a.staffId))
      .where(scoped(scope, gte(a.startAt, range.from), lte(a.startAt, range.to)))
      .groupBy(a.staffId, t.users.name)
      // An agent with no recorded outcome yet has no rate to show.
      .having(sql`count(*) filter (where ${inArray(a.status, OUTCOMES)}) > 0`)
      .orderBy(asc(t.users.name))
  );
}

export async function noShowsByWeekday(
  db: Executor,
  scope: DashboardScope,
  range: { from: Date; to: Date },
  timezone: string,
) {
  return db
    .select({
      weekday: sql<number>`extract(dow from ${a.startAt} at time zone ${timezone})::int`,
      ...noShowTally,
    })
    .from(a)
    .where(scoped(scope, gte(a.startAt, range.from), lte(a.startAt, range.to)))
    .groupBy(sql`1`);
}

/** The source the public booking page writes (ADR 022). */
const ONLINE = 'online';

/**
 * Appointments booked online between `since` and `until`, by when they were booked. An online
 * booking starts after it was made (the clinic's notice is never negative), so the start_at bound
 * only lets the clinic/staff start index narrow the scan to appointments from `since` on.
 */
export async function countBookedOnline(
  db: Executor,
  scope: DashboardScope,
  range: { since: Date; until: Date },
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(a)
    .where(
      scoped(
        scope,
        gte(a.startAt, range.since),
        eq(a.source, ONLINE),
        gte(a.createdAt, range.since),
        lte(a.createdAt, range.until),
      ),
    );
  return row?.n ?? 0;
}

const e = t.appointmentEvents;

/**
 * Open appointments starting from `now` until `to` whose time the patient set themselves through
 * their link: their latest move is a patient's (history written as "Patient", no user). Soonest
 * first, each with where it was moved from and when; `total` counts all of them. The scan starts
 * from the clinic/staff start index and reads each one's history by appointment_events' index.
 */
export async function patientMovesBetween(
  db: Executor,
  scope: DashboardScope,
  now: Date,
  to: Date,
  limit: number,
) {
  const later = alias(e, 'later_move');
  const latestMove = db
    .select({ id: sql`max(${later.id})` })
    .from(later)
    .where(and(eq(later.appointmentId, a.id), eq(later.type, 'RESCHEDULE')));
  return db
    .select({
      ...summaryFields,
      from: e.fromValue,
      movedAt: e.at,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(a)
    .innerJoin(e, and(eq(e.appointmentId, a.id), eq(e.id, sql`(${latestMove})`)))
    .innerJoin(t.patients, eq(t.patients.id, a.patientId))
    .innerJoin(t.users, eq(t.users.id, a.staffId))
    .innerJoin(t.clinics, eq(t.clinics.id, a.clinicId))
    .where(
      scoped(
        scope,
        gte(a.startAt, now),
        lt(a.startAt, to),
        inArray(a.status, OPEN),
        isNull(e.byUserId),
        eq(e.byName, PATIENT_ACTOR),
      ),
    )
    .orderBy(asc(a.startAt), asc(a.id))
    .limit(limit);
}
export type PatientMoveRow = Awaited<ReturnType<typeof patientMovesBetween>>[number];
