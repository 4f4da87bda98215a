import { and, asc, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { tallyCountGroups } from '@domain/appointment-status';
import type { Executor } from '../../db/client';
import { literalCount } from '../../db/literal-count';
import { prepared } from '../../db/prepared';
import * as t from '../../db/schema';
import {
  inClinics,
  selectAppointmentJson,
  selectAppointmentRows,
  type AppointmentJsonRow,
  type AppointmentRow,
  type ClinicColumn,
} from './appointments.repository';

// The appointments list's reads: its pages, its counts per status bucket and a calendar's range.
const ph = sql.placeholder;

export interface ListScope {
  clinicIds: readonly string[];
  staffId?: string;
  patientEmail?: string;
  from?: Date;
  to?: Date;
  /** Already normalised (lower case, no accents). */
  search?: string;
}

const MARKED = ['COMPLETED', 'NO_SHOW', 'DISQUALIFIED', 'CANCELLED'];
const OPEN = ['BOOKED', 'SCHEDULED', 'CONFIRMED'];

/**
 * The SQL for each count bucket, comparing with the `now` placeholder; the domain's
 * countBucketFor says the same in TypeScript.
 */
export function bucketCondition(bucket: string): SQL | undefined {
  const now = sql`${ph('now')}::timestamptz`;
  switch (bucket) {
    case 'upcoming':
      return and(
        sql`${t.appointments.startAt} > ${now}`,
        notInArray(t.appointments.status, MARKED),
      );
    case 'pending':
      return and(sql`${t.appointments.startAt} <= ${now}`, inArray(t.appointments.status, OPEN));
    case 'completed':
      return eq(t.appointments.status, 'COMPLETED');
    case 'cancelled':
      return eq(t.appointments.status, 'CANCELLED');
    case 'no_show':
      return eq(t.appointments.status, 'NO_SHOW');
    default:
      return undefined;
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Which filters a scope has: the statements are prepared once per shape, with placeholders. */
function shapeOf(scope: ListScope): string {
  const flags: Array<[unknown, string]> = [
    [scope.clinicIds.length > 1, 'm'],
    [scope.staffId, 's'],
    [scope.from, 'f'],
    [scope.to, 't'],
    [scope.patientEmail, 'e'],
    [scope.search, 'q'],
  ];
  return flags.map(([value, flag]) => (value ? flag : '')).join('') || 'clinic';
}

function scopeConditions(scope: ListScope): SQL[] {
  const a = t.appointments;
  const conditions: SQL[] = [scopeClinics(a.clinicId, scope)];
  if (scope.staffId) conditions.push(sql`${a.staffId} = ${ph('staffId')}::uuid`);
  if (scope.from) conditions.push(sql`${a.startAt} >= ${ph('from')}::timestamptz`);
  if (scope.to) conditions.push(sql`${a.startAt} <= ${ph('to')}::timestamptz`);
  if (scope.patientEmail || scope.search) {
    const patientConditions: SQL[] = [eq(t.patients.id, a.patientId)];
    if (scope.patientEmail)
      patientConditions.push(sql`lower(${t.patients.email}) = ${ph('patientEmail')}`);
    if (scope.search) patientConditions.push(sql`${t.patients.searchText} like ${ph('search')}`);
    conditions.push(sql`exists (select 1 from ${t.patients} where ${and(...patientConditions)})`);
  }
  return conditions;
}

function scopeValues(scope: ListScope): Record<string, unknown> {
  return {
    clinicIds: [...scope.clinicIds],
    clinicId: scope.clinicIds[0],
    staffId: scope.staffId,
    from: scope.from?.toISOString(),
    to: scope.to?.toISOString(),
    patientEmail: scope.patientEmail?.toLowerCase(),
    search: scope.search === undefined ? undefined : `%${escapeLike(scope.search)}%`,
  };
}

/**
 * How each list reads (the web app says the same above the list): Upcoming soonest first; the
 * tabs of what has happened (Pending, Completed, No show) most recent first; and the tabs that
 * mix both (All, Cancelled, a stored status) from today outwards: what is still to come,
 * soonest first, then what is past, most recent first. So today's and tomorrow's visits, and a
 * booking just made, are at the top of All rather than after the furthest future one.
 */
export type ListOrder = 'soonest' | 'latest' | 'from-today';

export function listOrderOf(status: { bucket?: string; stored?: string }): ListOrder {
  switch (status.bucket) {
    case 'upcoming':
      return 'soonest';
    case 'pending':
    case 'completed':
    case 'no_show':
      return 'latest';
    default:
      return 'from-today';
  }
}

export async function listPage(
  db: Executor,
  scope: ListScope,
  status: { bucket?: string; stored?: string },
  now: Date,
  page: { limit: number; offset: number },
): Promise<AppointmentJsonRow[]> {
  if (scope.clinicIds.length === 0) return [];
  const filter = status.bucket ?? (status.stored ? 'status' : 'any');
  // The first page, which every list screen opens and refreshes, has its own statement per page
  // size; deeper pages share one whose offset (and so whose plan) varies.
  const first = page.offset === 0;
  const pageName = first ? `first${page.limit}` : 'at';
  const order = listOrderOf(status);
  const query = prepared(
    db,
    `appointments_page_${shapeOf(scope)}_${filter}_${pageName}`,
    (name) => {
      const a = t.appointments;
      const conditions = scopeConditions(scope);
      if (status.bucket) conditions.push(bucketCondition(status.bucket)!);
      if (status.stored) conditions.push(sql`${a.status} = ${ph('status')}`);
      if (order !== 'from-today') {
        const ordered = selectAppointmentJson(db)
          .where(and(...conditions))
          .orderBy(order === 'soonest' ? asc(a.startAt) : desc(a.startAt), asc(a.id));
        return (
          first
            ? ordered.limit(literalCount(page.limit))
            : ordered.limit(ph('limit')).offset(ph('offset'))
        ).prepare(statementName(scope, name));
      }
      // Two walks of the clinic's start index from now, one forward and one backward, each
      // stopped after the rows this page can need; only those few rows are sorted together.
      const window = first ? literalCount(page.limit) : ph('window');
      const now = sql`${ph('now')}::timestamptz`;
      const side = (future: boolean) =>
        db
          .select({
            id: a.id,
            startAt: a.startAt,
            past: sql<number>`${sql.raw(future ? '0' : '1')}`.as('past'),
          })
          .from(a)
          .where(
            and(...conditions, future ? sql`${a.startAt} > ${now}` : sql`${a.startAt} <= ${now}`),
          )
          .orderBy(future ? asc(a.startAt) : desc(a.startAt), asc(a.id))
          .limit(window as number);
      const picked = side(true).unionAll(side(false)).as('picked');
      const ordered = selectAppointmentJson(db)
        .innerJoin(picked, eq(picked.id, a.id))
        .orderBy(
          picked.past,
          sql`case when ${picked.past} = 0 then ${picked.startAt} end`,
          desc(picked.startAt),
          asc(picked.id),
        );
      return (
        first
          ? ordered.limit(literalCount(page.limit))
          : ordered.limit(ph('limit')).offset(ph('offset'))
      ).prepare(statementName(scope, name));
    },
  );
  return query.execute({
    ...scopeValues(scope),
    now: now.toISOString(),
    status: status.stored,
    limit: page.limit,
    offset: page.offset,
    window: page.offset + page.limit,
  });
}

const monthStart = (ms: number, addMonths = 0) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + addMonths, 1);
};

/**
 * The months counts may take from the appointment_month_counts rollup: whole UTC months inside
 * the date filter, [lo, hi), except the current one (its rows are split by now, so they are
 * counted from appointments). Undefined ends are open.
 */
export function rollupMonths(scope: ListScope, now: Date) {
  const from = scope.from?.getTime();
  const lo =
    from === undefined ? undefined : monthStart(from) === from ? from : monthStart(from, 1);
  const hi = scope.to === undefined ? undefined : monthStart(scope.to.getTime() + 1);
  const current = monthStart(now.getTime());
  return { lo, hi, current, next: monthStart(current, 1) };
}

/**
 * The counts of every bucket (docs/architecture.md, "Decisions the spec leaves open") for the scope. Closed and future months come from
 * the rollup, so the cost is one month of rows however long the history; a patient filter (email
 * or search) needs each row's patient and counts from appointments alone.
 */
export async function countBuckets(db: Executor, scope: ListScope, now: Date) {
  if (scope.clinicIds.length === 0) return tallyCountGroups([]);
  const a = t.appointments;
  const m = t.appointmentMonthCounts;
  const rollup = !scope.patientEmail && !scope.search;
  const months = rollupMonths(scope, now);
  const ends = `${months.lo === undefined ? '' : 'l'}${months.hi === undefined ? '' : 'h'}`;
  const query = prepared(
    db,
    `appointment_counts_${shapeOf(scope)}_${rollup ? `r${ends}` : 'x'}`,
    (name) => {
      const live = db
        .select({
          status: a.status,
          future: sql<boolean>`${a.startAt} > ${ph('now')}::timestamptz`.as('future'),
          n: sql<number>`count(*)::int`.as('n'),
        })
        .from(a);
      if (!rollup)
        return live
          .where(and(...scopeConditions(scope)))
          .groupBy(a.status, sql`2`)
          .prepare(statementName(scope, name));
      const at = (p: string) => sql`${ph(p)}::timestamptz`;
      const outside: SQL[] = [
        sql`(${a.startAt} >= ${at('month')} and ${a.startAt} < ${at('nextMonth')})`,
      ];
      const within: SQL[] = [sql`${m.month} <> ${at('month')}`];
      if (months.lo !== undefined) {
        outside.push(sql`${a.startAt} < ${at('lo')}`);
        within.push(sql`${m.month} >= ${at('lo')}`);
      }
      if (months.hi !== undefined) {
        outside.push(sql`${a.startAt} >= ${at('hi')}`);
        within.push(sql`${m.month} < ${at('hi')}`);
      }
      if (scope.staffId) within.push(sql`${m.staffId} = ${ph('staffId')}::uuid`);
      const counted = db
        .select({
          status: m.status,
          future: sql<boolean>`${m.month} > ${at('month')}`.as('future'),
          n: sql<number>`sum(${m.n})::int`.as('n'),
        })
        .from(m)
        .where(and(scopeClinics(m.clinicId, scope), ...within))
        .groupBy(m.status, sql`2`);
      return live
        .where(and(...scopeConditions(scope), or(...outside)))
        .groupBy(a.status, sql`2`)
        .unionAll(counted)
        .prepare(statementName(scope, name));
    },
  );
  const iso = (ms: number | undefined) =>
    ms === undefined ? undefined : new Date(ms).toISOString();
  const groups = await query.execute({
    ...scopeValues(scope),
    now: now.toISOString(),
    month: iso(months.current),
    nextMonth: iso(months.next),
    lo: iso(months.lo),
    hi: iso(months.hi),
  });
  return tallyCountGroups(groups);
}

export async function listRange(
  db: Executor,
  scope: ListScope & { excludeEndedBefore?: Date },
): Promise<AppointmentRow[]> {
  if (scope.clinicIds.length === 0) return [];
  const ended = scope.excludeEndedBefore ? 'current' : 'all';
  const query = prepared(db, `appointments_range_${shapeOf(scope)}_${ended}`, (name) => {
    const conditions = scopeConditions(scope);
    if (scope.excludeEndedBefore)
      conditions.push(sql`${t.appointments.endAt} >= ${ph('endedBefore')}::timestamptz`);
    return selectAppointmentRows(db)
      .where(and(...conditions))
      .orderBy(asc(t.appointments.startAt), asc(t.appointments.id))
      .limit(5000)
      .prepare(statementName(scope, name));
  });
  return query.execute({
    ...scopeValues(scope),
    endedBefore: scope.excludeEndedBefore?.toISOString(),
  });
}

/**
 * One clinic is an equality (its index gives the order, and one plan suits every clinic); several
 * are an array, in a statement left unnamed, so PostgreSQL plans it for the actual list each time:
 * a generic plan cannot know whether the list covers a tenth of the table or all of it.
 */
const scopeClinics = (column: ClinicColumn, scope: ListScope) =>
  scope.clinicIds.length === 1 ? sql`${column} = ${ph('clinicId')}::uuid` : inClinics(column);
const statementName = (scope: ListScope, name: string) =>
  scope.clinicIds.length === 1 ? name : '';
