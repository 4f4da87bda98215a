import { APPOINTMENT_STATUSES, emptyCounts, parseStatus } from '@domain/appointment-status';
import { isBookableRole } from '@domain/roles';
import { addDaysToKey, eachDateKey, localDateKeyOf, wallClockToUtc } from '@domain/zoned-time';
import {
  DASHBOARD_NEXT_LIMIT,
  DASHBOARD_ONLINE_DAYS,
  DASHBOARD_PATIENT_MOVE_HOURS,
  DASHBOARD_PATIENT_MOVE_LIMIT,
  DASHBOARD_UNCONFIRMED_LIMIT,
  DASHBOARD_PENDING_LIMIT,
  DASHBOARD_TODAY_LIMIT,
  DASHBOARD_WINDOW_DAYS,
  type DashboardAppointment,
  type DashboardPatientMove,
  type DashboardQuery,
  type DashboardResponse,
  type PerDayEntry,
  type StatusTally,
} from '@contracts/dashboard';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../errors';
import type { AuthUser, RequestContext } from '../../core/request-context';
import { viewerTimezone } from '../../core/viewer-timezone';
import { countInScope } from '../appointments';
import { recordReadAudit } from '../audit';
import * as repo from './dashboard.repository';
import { personName } from '@domain/person-name';

function clinicIdsOf(user: AuthUser, clinic: string | undefined): string[] {
  if (!clinic) return user.clinics.map((c) => c.id);
  const found = user.clinics.find((c) => c.id === clinic || c.slug === clinic);
  // Another clinic's dashboard is a 404, as if it did not exist.
  if (!found) throw notFound('Clinic not found.');
  return [found.id];
}

function emptyTally(): StatusTally {
  return Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, 0])) as StatusTally;
}

function toSummary(row: repo.SummaryRow): DashboardAppointment {
  return {
    _id: row.id,
    date: row.startAt.toISOString(),
    duration: row.duration,
    status: row.status,
    patientName: personName(row),
    staff: { id: row.staffId, name: row.staffName },
    clinic: row.clinicSlug,
  };
}

function toMove(row: repo.PatientMoveRow): DashboardPatientMove {
  return {
    ...toSummary(row),
    // The move writes the old start as ISO text.
    from: row.from ? new Date(row.from).toISOString() : null,
    movedAt: row.movedAt.toISOString(),
  };
}

/** Every date of the window, zero-filled, so a chart shows quiet days as quiet. */
function perDaySeries(
  first: string,
  last: string,
  rows: Array<{ date: string; status: string; count: number }>,
): PerDayEntry[] {
  const byDate = new Map<string, PerDayEntry>(
    eachDateKey(first, last).map(({ key }) => [
      key,
      { date: key, total: 0, statuses: emptyTally() },
    ]),
  );
  for (const row of rows) {
    const entry = byDate.get(row.date);
    const status = parseStatus(row.status);
    if (!entry || !status) continue;
    entry.statuses[status] += row.count;
    entry.total += row.count;
  }
  return [...byDate.values()];
}

/**
 * The signed-in user's dashboard: a provider's or nurse's own appointments, everyone else's
 * clinics. Each number is one grouped SQL query over an indexed start_at range, except the counts,
 * which cover everything in scope exactly as the appointment list's tabs do.
 */
export async function getDashboard(
  deps: AppDeps,
  ctx: RequestContext,
  query: DashboardQuery,
): Promise<DashboardResponse> {
  const { user } = ctx;
  const timezone = viewerTimezone(user, query.timezone);
  const own = isBookableRole(user.role);
  const scope: repo.DashboardScope = {
    clinicIds: clinicIdsOf(user, query.clinic),
    staffId: own ? user.id : undefined,
  };
  const now = deps.now();
  const date = localDateKeyOf(now, timezone);
  const first = addDaysToKey(date, -DASHBOARD_WINDOW_DAYS);
  const last = addDaysToKey(date, DASHBOARD_WINDOW_DAYS);
  const at = (key: string) => new Date(wallClockToUtc(key, 0, timezone));
  const window = { from: at(first), to: at(addDaysToKey(last, 1)) };
  const past = { from: window.from, to: now };

  const base = {
    scope: own ? ('own' as const) : ('clinic' as const),
    timezone,
    date,
    generatedAt: now.toISOString(),
  };
  if (scope.clinicIds.length === 0) {
    return {
      ...base,
      today: [],
      pending: [],
      next: [],
      unconfirmed: [],
      unconfirmedTotal: 0,
      patientMoves: [],
      patientMovesTotal: 0,
      counts: emptyCounts(),
      perDay: perDaySeries(first, last, []),
      noShowByAgent: [],
      noShowByWeekday: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        weekday,
        total: 0,
        noShows: 0,
        rate: 0,
      })),
      bookedOnline: { days: DASHBOARD_ONLINE_DAYS, count: 0 },
    };
  }

  const db = deps.db.db;
  // Today and tomorrow, up to the end of tomorrow on the dashboard's clock.
  const dayAfterTomorrow = at(addDaysToKey(date, 2));
  const onlineSince = new Date(now.getTime() - DASHBOARD_ONLINE_DAYS * 86_400_000);
  const movesUntil = new Date(now.getTime() + DASHBOARD_PATIENT_MOVE_HOURS * 3_600_000);
  const [
    today,
    pending,
    next,
    unconfirmed,
    unconfirmedTotal,
    moves,
    counts,
    perDay,
    byAgent,
    byWeekday,
    bookedOnline,
  ] = await Promise.all([
    repo.appointmentsBetween(db, scope, at(date), at(addDaysToKey(date, 1)), DASHBOARD_TODAY_LIMIT),
    repo.pendingAppointments(db, scope, now, DASHBOARD_PENDING_LIMIT),
    repo.nextAppointments(db, scope, now, DASHBOARD_NEXT_LIMIT),
    repo.unconfirmedAppointments(db, scope, now, dayAfterTomorrow, DASHBOARD_UNCONFIRMED_LIMIT),
    repo.countUnconfirmed(db, scope, now, dayAfterTomorrow),
    repo.patientMovesBetween(db, scope, now, movesUntil, DASHBOARD_PATIENT_MOVE_LIMIT),
    // The list's counts, from the same monthly rollup.
    countInScope(db, scope, now),
    repo.countPerDayAndStatus(db, scope, window, timezone),
    repo.noShowsByAgent(db, scope, past),
    repo.noShowsByWeekday(db, scope, past, timezone),
    repo.countBookedOnline(db, scope, { since: onlineSince, until: now }),
  ]);

  // Patient names are on screen: the reads go to the audit log like any list's.
  const shown = new Map(
    [...today, ...pending, ...next, ...unconfirmed, ...moves].map((row) => [row.id, row]),
  );
  await recordReadAudit(
    db,
    { userId: user.id, ip: ctx.ip },
    [...shown.values()].map((row) => ({
      action: 'read' as const,
      entityType: 'appointment' as const,
      entityId: row.id,
      patientId: row.patientId,
      details: { via: 'dashboard' },
    })),
    now,
  );

  const weekdays = new Map(byWeekday.map((row) => [row.weekday, row]));
  return {
    ...base,
    today: today.map(toSummary),
    pending: pending.map(toSummary),
    next: next.map(toSummary),
    unconfirmed: unconfirmed.map(toSummary),
    unconfirmedTotal,
    patientMoves: moves.map(toMove),
    patientMovesTotal: moves[0]?.total ?? 0,
    counts,
    perDay: perDaySeries(first, last, perDay),
    noShowByAgent: byAgent,
    noShowByWeekday: [0, 1, 2, 3, 4, 5, 6].map(
      (weekday) => weekdays.get(weekday) ?? { weekday, total: 0, noShows: 0, rate: 0 },
    ),
    bookedOnline: { days: DASHBOARD_ONLINE_DAYS, count: bookedOnline },
  };
}
