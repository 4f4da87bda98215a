import type { OutboxMessage, OutboxPage, OutboxQuery } from '@contracts/outbox';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import type { OutboxInsert } from './outbox-row';
import { REMINDER_KIND } from './reminders.repository';
import * as repo from './outbox.repository';

const view = (row: repo.OutboxRow): OutboxMessage => ({
  id: row.id,
  kind: row.kind,
  appointmentId: row.appointmentId,
  recipients: row.recipients as OutboxMessage['recipients'],
  // The table's check constraint allows these alone.
  status: row.status as OutboxMessage['status'],
  attempts: row.attempts,
  lastError: row.lastError,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  dueAt: row.dueAt?.toISOString() ?? null,
  offsetMinutes: row.offsetMinutes,
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Admins see every notification of their clinics. */
export async function listOutbox(
  deps: AppDeps,
  { user }: RequestContext,
  { page, limit, status, kind }: OutboxQuery,
): Promise<OutboxPage> {
  const rows = await repo.listForClinics(deps.db.db, [...user.clinicIds], {
    status,
    kind,
    viewerEmail: user.email,
    limit: limit + 1,
    offset: (page - 1) * limit,
  });
  return {
    data: rows.slice(0, limit).map(view),
    pagination: { hasNextPage: rows.length > limit, currentPage: page },
  };
}

/** Sends a notification of one of the admin's clinics again, as soon as the worker runs. */
export async function resendMessage(
  deps: AppDeps,
  { user }: RequestContext,
  id: number,
): Promise<OutboxMessage> {
  const row = await repo.findOne(deps.db.db, id);
  const clinicId = row?.appointmentId
    ? await repo.clinicOfAppointment(deps.db.db, row.appointmentId)
    : undefined;
  if (!row || (clinicId && !user.clinicIds.has(clinicId))) throw notFound('Message not found.');
  if (row.kind === REMINDER_KIND && (row.status === 'withdrawn' || row.status === 'pending')) {
    // A withdrawn reminder was for a time or a visit that no longer stands; a waiting one will go.
    throw conflict(
      row.status === 'pending'
        ? 'This reminder is already waiting to be sent.'
        : 'This reminder was withdrawn and cannot be sent.',
    );
  }
  try {
    const requeued = await repo.requeue(deps.db.db, row.id, deps.now());
    return view(requeued!);
  } catch (err) {
    // outbox_pending_reminder_idx: the appointment has a reminder of this offset waiting already.
    if ((err as { cause?: { code?: string } }).cause?.code === '23505') {
      throw conflict(
        'A reminder for the appointment’s current time is already waiting to be sent.',
      );
    }
    throw err;
  }
}

/**
 * Queues a change's notifications in its own transaction: they are sent once it commits, and
 * never for a change that did not.
 */
export function queueNotifications(tx: Executor, rows: readonly OutboxInsert[], now: Date) {
  return repo.insertOutbox(tx, rows, now);
}
