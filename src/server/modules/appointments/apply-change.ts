import type { Appointment } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import { asBookingConflict, retryOnDeadlock } from '../../db/errors';
import { lockAgents } from '../../db/locks';
import { notFound } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import { queueNotifications, type OutboxInsert } from '../notifications';
import { writeChange, type Change } from './appointment-writes';
import { actorOf } from './write-actor';
import { toAppointmentView } from './appointment-view';
import * as repo from './appointments.repository';
import { SLOT_TAKEN_MESSAGE } from './booking-rules';

export async function loadForChange(deps: AppDeps, ctx: RequestContext, id: string) {
  const row = await repo.findAppointment(deps.db.db, id, [...ctx.user.clinicIds]);
  if (!row) throw notFound('Appointment not found');
  return row;
}

/** The appointment as the status rules read it (`canChangeAppointment`, `canMarkAppointment`). */
export const statusSubject = ({ appointment }: repo.AppointmentRow) => ({
  date: appointment.startAt,
  status: appointment.status,
});

/**
 * A use case that changes one appointment the caller may see, from what `decide` makes of it as
 * it now stands: `decide` refuses by throwing, answers the change to persist (applyChange), or
 * null when the appointment already is as asked, which is then answered as it is.
 */
export function appointmentChange<Args extends unknown[]>(
  decide: (row: repo.AppointmentRow, now: Date, ...args: Args) => Change | null,
) {
  return async (
    deps: AppDeps,
    ctx: RequestContext,
    id: string,
    ...args: Args
  ): Promise<Appointment> => {
    const row = await loadForChange(deps, ctx, id);
    const change = decide(row, deps.now(), ...args);
    return change ? applyChange(deps, ctx, row, change) : toAppointmentView(row);
  };
}

/**
 * Persists one change of an appointment: the row (only if nobody changed it since it was read)
 * and everything that goes with it (appointment-writes.ts), in one transaction.
 */
export async function applyChange(
  deps: AppDeps,
  ctx: RequestContext,
  row: repo.AppointmentRow,
  change: Change,
): Promise<Appointment> {
  return applyChanges(deps, ctx, [{ row, change }], []);
}

/**
 * Persists changes of several appointments (visits of one series) in one transaction: every one
 * or none. `outbox` holds the messages that speak for all of them at once; each change's own
 * outbox rows go too. Answers the first appointment as it is after the change.
 */
export async function applyChanges(
  deps: AppDeps,
  ctx: RequestContext,
  items: ReadonlyArray<{ row: repo.AppointmentRow; change: Change }>,
  outbox: OutboxInsert[],
): Promise<Appointment> {
  const actor = actorOf(ctx);
  const clinicIds = [...ctx.user.clinicIds];
  const now = deps.now();
  try {
    // The answer is read inside the change's transaction: once it commits, nothing is left
    // that could fail and report a made change as an error.
    return await retryOnDeadlock(() =>
      deps.db.db.transaction(async (tx) => {
        // A new time or agent takes that agent's time: queue behind other bookings of the agent.
        await lockAgents(
          tx,
          items
            .filter(({ change }) => change.values.startAt || change.values.staffId)
            .map(({ row, change }) => change.values.staffId ?? row.appointment.staffId),
        );
        const views: Appointment[] = [];
        const movingWith = items.map(({ row }) => row.appointment.id);
        for (const { row, change } of items)
          views.push(
            await writeChange(tx, deps, actor, { row, change, clinicIds, movingWith }, now),
          );
        await queueNotifications(tx, outbox, now);
        return views[0]!;
      }),
    );
  } catch (err) {
    throw asBookingConflict(err, SLOT_TAKEN_MESSAGE);
  }
}
