import { isOpenStatus, statusLabel } from '@domain/appointment-status';
import { planReminders } from '@domain/reminders';
import type { Executor } from '../../db/client';
import * as repo from './reminders.repository';

const sameInstant = (a: string | null, b: Date) =>
  a !== null && new Date(a).getTime() === b.getTime();

function withdrawalReason(status: string): string {
  return status.toUpperCase() === 'CANCELLED'
    ? 'The appointment was cancelled.'
    : `The appointment was marked ${statusLabel(status).toLowerCase()}.`;
}

/**
 * Brings an appointment's reminders in line with what it is now, inside the transaction that
 * changed it: an open appointment has one waiting reminder per offset of its clinic's policy
 * whose time is still ahead (a move moves them, and plans again those already sent for the old
 * time); a cancelled or marked one has none waiting, each withdrawn with the reason. The
 * appointment's row is locked first, so two changes of one appointment plan one after the other.
 */
export async function syncReminders(db: Executor, appointmentId: string, now: Date): Promise<void> {
  const subject = await repo.findReminderSubject(db, appointmentId);
  if (!subject) return;
  const rows = await repo.remindersOf(db, appointmentId);
  const pending = rows.filter((r) => r.status === 'pending');
  if (!isOpenStatus(subject.status)) {
    await repo.withdrawReminders(
      db,
      pending.map((r) => r.id),
      withdrawalReason(subject.status),
    );
    return;
  }
  // A reminder that went out (or was tried, or dropped) for this very start is not planned again.
  const settled = new Set(
    rows
      .filter((r) => r.status !== 'pending' && r.status !== 'withdrawn')
      .filter((r) => sameInstant(r.start, subject.startAt))
      .map((r) => r.offsetMinutes),
  );
  const plan = planReminders(subject.startAt, subject.offsets, subject.timezone, now).filter(
    (r) => !settled.has(r.offsetMinutes),
  );
  const waiting = new Map(pending.map((r) => [r.offsetMinutes, r]));
  const toInsert: typeof plan = [];
  for (const planned of plan) {
    const row = waiting.get(planned.offsetMinutes);
    if (!row) {
      toInsert.push(planned);
      continue;
    }
    waiting.delete(planned.offsetMinutes);
    if (
      row.dueAt?.getTime() !== planned.dueAt.getTime() ||
      !sameInstant(row.start, subject.startAt)
    ) {
      await repo.moveReminder(db, row.id, subject.startAt, planned.dueAt);
    }
  }
  // Left waiting: an offset the policy no longer has, or one whose time a move has put behind us.
  await repo.withdrawReminders(
    db,
    [...waiting.values()].map((r) => r.id),
    'The appointment moved, and this reminder’s time had passed.',
  );
  await repo.insertPlannedReminders(
    db,
    toInsert.map((r) => ({ appointment: { ...subject, startAt: subject.startAt }, ...r })),
    now,
  );
}

/**
 * The reminders of an appointment its transaction is about to insert, planned by the clinic's
 * policy as read now: a booking reads it before it queues behind the agent's other bookings
 * (ADR 027), and the returned function writes the reminders once the appointment is in. A new
 * appointment has no reminders to look for or move.
 */
export async function remindersForNewAppointment(
  db: Executor,
  clinicId: string,
): Promise<
  (
    appointment: { id: string; startAt: Date; patientName: string; patientEmail: string | null },
    now: Date,
  ) => Promise<void>
> {
  const policy = await repo.reminderPolicyOf(db, clinicId);
  return async (appointment, now) => {
    if (!policy) return;
    const plan = planReminders(appointment.startAt, policy.offsets, policy.timezone, now);
    await repo.insertPlannedReminders(
      db,
      plan.map((r) => ({ appointment: { ...appointment, clinicId }, ...r })),
      now,
    );
  };
}

const REPLAN_PAGE = 500;

/**
 * Plans again, under a clinic's new policy, the reminders of its upcoming open appointments that
 * nobody has been reminded of yet: their waiting reminders go (they were never sent) and the new
 * policy's come, those whose time has passed left out. Runs in the caller's transaction, a page of
 * appointments at a time; returns how many appointments it planned.
 */
export async function replanClinicReminders(
  db: Executor,
  clinic: { id: string; timezone: string; offsets: readonly number[] },
  now: Date,
): Promise<number> {
  let afterId: string | null = null;
  let count = 0;
  for (;;) {
    const page = await repo.unremindedUpcoming(db, clinic.id, now, afterId, REPLAN_PAGE);
    if (page.length === 0) return count;
    await repo.deletePendingReminders(
      db,
      page.map((a) => a.id),
    );
    const rows = page.flatMap((a) =>
      planReminders(a.startAt, clinic.offsets, clinic.timezone, now).map((r) => ({
        appointment: a,
        ...r,
      })),
    );
    for (let i = 0; i < rows.length; i += 1000) {
      await repo.insertPlannedReminders(db, rows.slice(i, i + 1000), now);
    }
    count += page.length;
    afterId = page[page.length - 1]!.id;
  }
}
