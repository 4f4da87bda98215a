import type { Appointment } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import { asBookingConflict, retryOnDeadlock } from '../../db/errors';
import type { Executor } from '../../db/client';
import type * as t from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { auditUserIdOf, staffUserIdOf, type RequestContext } from '../../core/request-context';
import { recordAudit, type AuditAction } from '../audit';
import { queueNotifications, syncReminders, type OutboxInsert } from '../notifications';
import { queueAppointmentWebhooks } from '../webhooks';
import { offerFreedTime } from '../waitlist';
import { toAppointmentView } from './appointment-view';
import * as repo from './appointments.repository';
import { SLOT_TAKEN_MESSAGE } from './booking-rules';
import { lockAgents } from '../../db/locks';

/** The answer when the appointment changed between reading it and writing the change. */
export const CHANGED_MEANWHILE =
  'This appointment was changed by someone else. Reload it and try again.';

export async function loadForChange(deps: AppDeps, ctx: RequestContext, id: string) {
  const row = await repo.findAppointment(deps.db.db, id, [...ctx.user.clinicIds]);
  if (!row) throw notFound('Appointment not found');
  return row;
}

export interface Change {
  values: Partial<typeof t.appointments.$inferInsert>;
  events: Array<
    Omit<typeof t.appointmentEvents.$inferInsert, 'appointmentId' | 'at' | 'byUserId' | 'byName'>
  >;
  outbox: OutboxInsert[];
  audit: AuditAction;
  /** What the audit row adds to who, when and which record, e.g. a correction's from and to. */
  auditDetails?: Record<string, unknown>;
  /**
   * A rule that must be decided under the appointment's row lock, in the change's transaction
   * (a count that parallel changes would each read as it was before the others): it sees the
   * row as it now stands and throws to refuse.
   */
  guard?: ChangeGuard;
}

export type ChangeGuard = (
  tx: Executor,
  current: { startAt: Date; status: string },
) => Promise<void>;

/**
 * Persists one change of an appointment: the row (only if nobody changed it since it was read),
 * its history entries, its notifications and its audit row, all in one transaction.
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
  const now = deps.now();
  try {
    // The answer is read inside the change's transaction: once it commits, nothing is left
    // that could fail and report a made change as an error.
    return await retryOnDeadlock(() =>
      deps.db.db.transaction(async (tx) => {
        // A new time or agent takes that agent's time: queue behind other bookings of the agent.
        const agents = new Set(
          items
            .filter(({ change }) => change.values.startAt || change.values.staffId)
            .map(({ row, change }) => change.values.staffId ?? row.appointment.staffId),
        );
        await lockAgents(tx, agents);
        const views: Appointment[] = [];
        for (const { row, change } of items)
          views.push(await persistChange(tx, deps, ctx, row, change, now));
        await queueNotifications(tx, outbox, now);
        return views[0]!;
      }),
    );
  } catch (err) {
    throw asBookingConflict(err, SLOT_TAKEN_MESSAGE);
  }
}

async function persistChange(
  tx: Executor,
  deps: AppDeps,
  ctx: RequestContext,
  row: repo.AppointmentRow,
  change: Change,
  now: Date,
): Promise<Appointment> {
  const id = row.appointment.id;
  if (change.guard) {
    // Parallel changes of this appointment queue here; each sees the ones before it committed.
    const current = await repo.lockAppointmentRow(tx, id);
    if (!current) throw notFound('Appointment not found');
    await change.guard(tx, current);
  }
  const updated = await repo.updateAppointment(tx, id, row.appointment.version, {
    ...change.values,
    updatedAt: now,
  });
  if (!updated) {
    throw conflict(CHANGED_MEANWHILE);
  }
  await repo.insertEvents(
    tx,
    change.events.map((e) => ({
      ...e,
      appointmentId: id,
      at: now,
      byUserId: staffUserIdOf(ctx),
      byName: ctx.user.name,
    })),
  );
  await queueNotifications(tx, change.outbox, now);
  // A new time moves the reminders; a cancel or a mark withdraws them.
  if (change.values.startAt || change.values.status) await syncReminders(tx, id, now);
  // Time a cancel or a move leaves free goes to the waitlist (ADR 019).
  await offerFreedTime(tx, deps, now, {
    appointmentId: id,
    before: row.appointment,
    after: change.values,
  });
  await recordAudit(
    tx,
    { userId: auditUserIdOf(ctx), ip: ctx.ip },
    [
      {
        action: change.audit,
        entityType: 'appointment',
        entityId: id,
        patientId: row.patient.id,
        ...(change.auditDetails || ctx.patient
          ? { details: { ...change.auditDetails, ...(ctx.patient ? { by: 'patient' } : {}) } }
          : {}),
      },
    ],
    now,
  );
  const changed = await repo.findAppointment(tx, id, [...ctx.user.clinicIds]);
  if (!changed) throw notFound('Appointment not found');
  const view = toAppointmentView(changed);
  // Other systems hear of the change as it now stands, in the same transaction.
  await queueAppointmentWebhooks(
    tx,
    {
      clinicId: row.appointment.clinicId,
      appointment: view,
      historyTypes: change.events.map((e) => e.type),
    },
    now,
  );
  return view;
}
