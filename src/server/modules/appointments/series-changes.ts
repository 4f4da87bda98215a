import { canChangeAppointment } from '@domain/appointment-status';
import { shiftWallClock, wallClockShift } from '@domain/recurrence';
import { classifyOccurrences, type OccurrenceStatus } from '@domain/series-preview';
import type { Appointment, SeriesScope } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { notFound } from '../../errors';
import { loadSlotQuery, slotSettings } from '../availability';
import { outboxRow, type NotificationParty, type SeriesVisit } from '../notifications';
import { applyChanges } from './apply-change';
import { moveChange } from './move-change';
import type { Change } from './appointment-writes';
import * as repo from './appointments.repository';
import { occurrenceRefusal } from './book-series';
import * as seriesRepo from './series.repository';
import { appointmentSnapshot } from './appointment-snapshot';

/**
 * The visits a scoped change concerns, the one asked about first: with `following`, those of its
 * series starting at or after it; with `all`, every one; in both, only those still changeable
 * (not started, not cancelled). Other visits are left as they are.
 */
async function visitsInScope(
  deps: AppDeps,
  ctx: RequestContext,
  row: repo.AppointmentRow,
  scope: Exclude<SeriesScope, 'one'>,
): Promise<repo.AppointmentRow[]> {
  const { seriesId } = row.appointment;
  const now = deps.now();
  const members = await seriesRepo.seriesAppointments(deps.db.db, seriesId!);
  const ids = members
    .filter((m) => m.id !== row.appointment.id)
    .filter((m) => scope === 'all' || m.startAt.getTime() >= row.appointment.startAt.getTime())
    .filter((m) => canChangeAppointment({ date: m.startAt, status: m.status }, now))
    .map((m) => m.id);
  const rows = [row];
  for (const id of ids) {
    const other = await repo.findAppointment(deps.db.db, id, [...ctx.user.clinicIds]);
    if (!other) throw notFound('Appointment not found');
    rows.push(other);
  }
  return rows;
}

const visitOf = (row: repo.AppointmentRow): SeriesVisit => ({
  appointmentId: row.appointment.id,
  start: row.appointment.startAt.toISOString(),
  durationMinutes: row.appointment.duration,
  token: row.appointment.token,
  sequence: row.appointment.version,
});

function seriesSnapshot(first: repo.AppointmentRow, visits: SeriesVisit[], reason?: string) {
  return appointmentSnapshot(first, {
    start: visits[0]!.start,
    durationMinutes: visits[0]!.durationMinutes,
    token: visits[0]!.token,
    ...(reason ? { reason } : {}),
    visits,
  });
}

/** Cancels this visit and the following ones, or the whole series, with one message. */
export async function cancelInSeries(
  deps: AppDeps,
  ctx: RequestContext,
  row: repo.AppointmentRow,
  scope: Exclude<SeriesScope, 'one'>,
  reason: string,
): Promise<Appointment> {
  const rows = await visitsInScope(deps, ctx, row, scope);
  const now = deps.now();
  const items = rows.map((r) => ({
    row: r,
    change: {
      values: { status: 'CANCELLED', tokenRevokedAt: now },
      events: [{ type: 'CANCELLED', reason }],
      outbox: [],
      audit: 'cancel',
    } satisfies Change,
  }));
  const ordered = [...rows].sort(
    (a, b) => a.appointment.startAt.getTime() - b.appointment.startAt.getTime(),
  );
  return applyChanges(deps, ctx, items, [
    outboxRow('series_cancelled', seriesSnapshot(row, ordered.map(visitOf), reason)),
  ]);
}

/**
 * Moves this visit and the following ones (or all) by the same wall-clock shift as this one:
 * Tuesday 9:00 to Thursday 10:30 moves each to its Thursday 10:30, whatever clock change lies
 * between. Each new time is checked like a single booking, against everything but the visits
 * being moved; one refused time refuses the whole move, naming its date.
 */
export async function rescheduleInSeries(
  deps: AppDeps,
  ctx: RequestContext,
  row: repo.AppointmentRow,
  scope: Exclude<SeriesScope, 'one'>,
  target: {
    start: Date;
    duration: number | undefined;
    agent: Parameters<typeof loadSlotQuery>[1]['agent'];
  },
): Promise<Appointment> {
  const rows = await visitsInScope(deps, ctx, row, scope);
  const tz = row.clinic.timezone;
  const shift = wallClockShift(row.appointment.startAt, target.start, tz);
  const moves = rows.map((r, i) => ({
    row: r,
    start: i === 0 ? target.start : shiftWallClock(r.appointment.startAt, tz, shift),
    duration: target.duration ?? r.appointment.duration,
  }));
  moves.sort((a, b) => a.start.getTime() - b.start.getTime());

  const now = deps.now();
  const last = moves.at(-1)!;
  const query = await loadSlotQuery(deps.db.db, {
    agent: target.agent,
    rangeStart: moves[0]!.start,
    rangeEnd: new Date(last.start.getTime() + last.duration * 60_000),
    durationMinutes: Math.max(...moves.map((m) => m.duration)),
    now,
    // A series' visits were booked with one service: they keep its buffers.
    settings: slotSettings(
      deps.config,
      {
        bufferBeforeMinutes: row.appointment.bufferBeforeMinutes,
        bufferAfterMinutes: row.appointment.bufferAfterMinutes,
      },
      row.clinic.id,
    ),
    excludeAppointmentIds: rows.map((r) => r.appointment.id),
  });
  const statuses = classifyOccurrences(
    query,
    target.agent.id,
    moves.map((m) => m.start),
    moves.map((m) => m.duration),
  );
  const refused = statuses.findIndex((s) => s !== 'free');
  if (refused >= 0) {
    throw occurrenceRefusal(
      statuses[refused] as Exclude<OccurrenceStatus, 'free'>,
      moves[refused]!.start,
      tz,
      target.agent.name,
    );
  }

  const visits: SeriesVisit[] = [];
  const items = moves.map(({ row: r, start, duration }) => {
    const current = r.appointment;
    const { values, events, reschedule } = moveChange(r, { start, duration, agent: target.agent });
    // One link for the life of each visit: a move keeps it (ADR 016).
    const token = current.token;
    visits.push({
      appointmentId: current.id,
      start: start.toISOString(),
      durationMinutes: duration,
      token,
      sequence: current.version,
      ...(reschedule ? { previousStart: current.startAt.toISOString() } : {}),
    });
    const change: Change = {
      values,
      events,
      outbox: [],
      audit: reschedule ? 'reschedule' : 'reassign',
    };
    return { row: r, change };
  });
  // The visit asked about answers the call: put it first for applyChanges.
  items.sort((a, b) => (a.row === row ? -1 : b.row === row ? 1 : 0));
  const reassigned = target.agent.id !== row.appointment.staffId;
  const formerProvider: NotificationParty[] = reassigned
    ? [{ email: row.agent.email, name: row.agent.name, role: 'staff' }]
    : [];
  const snapshot = {
    ...seriesSnapshot(row, visits),
    staff: { name: target.agent.name, email: target.agent.email },
    ...(reassigned ? { previous: { staffName: row.agent.name } } : {}),
  };
  return applyChanges(deps, ctx, items, [
    outboxRow('series_rescheduled', snapshot, formerProvider),
  ]);
}
