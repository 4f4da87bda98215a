import { and, asc, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import { OPEN_STATUSES } from '@domain/appointment-status';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { insertPrepared } from '../../db/prepared-insert';
import { patientFullName } from '../../db/clinic-columns';
import * as t from '../../db/schema';

export const REMINDER_KIND = 'appointment.reminder';

/**
 * What planning an appointment's reminders needs to know of it and its clinic, its row locked
 * so that two changes of one appointment plan one after the other.
 */
export async function findReminderSubject(db: Executor, appointmentId: string) {
  const [row] = await prepared(db, 'reminder_subject_locked', (name) =>
    db
      .select({
        id: t.appointments.id,
        clinicId: t.appointments.clinicId,
        startAt: t.appointments.startAt,
        status: t.appointments.status,
        timezone: t.clinics.timezone,
        offsets: t.clinics.reminderOffsetsMinutes,
        patientName: patientFullName,
        patientEmail: t.patients.email,
      })
      .from(t.appointments)
      .innerJoin(t.clinics, eq(t.clinics.id, t.appointments.clinicId))
      .innerJoin(t.patients, eq(t.patients.id, t.appointments.patientId))
      .where(eq(t.appointments.id, sql.placeholder('appointmentId')))
      .limit(1)
      .for('update', { of: t.appointments })
      .prepare(name),
  ).execute({ appointmentId });
  return row;
}

/** A clinic's reminder policy: the offsets before a visit, and the zone a day's offset keeps. */
export async function reminderPolicyOf(db: Executor, clinicId: string) {
  const [row] = await prepared(db, 'reminder_policy', (name) =>
    db
      .select({ timezone: t.clinics.timezone, offsets: t.clinics.reminderOffsetsMinutes })
      .from(t.clinics)
      .where(eq(t.clinics.id, sql.placeholder('clinicId')))
      .limit(1)
      .prepare(name),
  ).execute({ clinicId });
  return row;
}

export type ReminderSubject = NonNullable<Awaited<ReturnType<typeof findReminderSubject>>>;

export async function remindersOf(db: Executor, appointmentId: string) {
  return db
    .select({
      id: t.outbox.id,
      status: t.outbox.status,
      dueAt: t.outbox.dueAt,
      offsetMinutes: t.outbox.offsetMinutes,
      /** The start the reminder was planned for. */
      start: sql<string>`${t.outbox.payload} ->> 'start'`,
    })
    .from(t.outbox)
    .where(and(eq(t.outbox.appointmentId, appointmentId), eq(t.outbox.kind, REMINDER_KIND)));
}
export type ReminderRow = Awaited<ReturnType<typeof remindersOf>>[number];

export interface PlannedReminderRow {
  appointment: {
    id: string;
    clinicId: string;
    startAt: Date;
    patientName: string;
    patientEmail: string | null;
  };
  offsetMinutes: number;
  dueAt: Date;
}

/**
 * Writes planned reminders. The payload keeps the start each was planned for: a reminder sent
 * for one time is not a reminder of the next. The recipient is shown in the outbox; the message
 * itself is addressed from the data of the moment it goes out.
 */
export async function insertPlannedReminders(
  db: Executor,
  reminders: readonly PlannedReminderRow[],
  now: Date,
) {
  if (reminders.length === 0) return;
  await insertPrepared(
    db,
    t.outbox,
    reminders.map(({ appointment: a, offsetMinutes, dueAt }) => ({
      kind: REMINDER_KIND,
      appointmentId: a.id,
      clinicId: a.clinicId,
      recipients: [{ email: a.patientEmail, name: a.patientName, role: 'patient' }],
      payload: { appointmentId: a.id, offsetMinutes, start: a.startAt.toISOString() },
      dueAt,
      offsetMinutes,
      nextAttemptAt: dueAt,
      createdAt: now,
    })),
  );
}

/** Planned reminders that never went out, removed so that a new plan can take their place. */
export async function deletePendingReminders(db: Executor, appointmentIds: readonly string[]) {
  if (appointmentIds.length === 0) return;
  await db
    .delete(t.outbox)
    .where(
      and(
        inArray(t.outbox.appointmentId, [...appointmentIds]),
        eq(t.outbox.kind, REMINDER_KIND),
        eq(t.outbox.status, 'pending'),
      ),
    );
}

/** Moves a waiting reminder to its new time (an appointment moved). */
export async function moveReminder(db: Executor, id: number, start: Date, dueAt: Date) {
  await db
    .update(t.outbox)
    .set({
      dueAt,
      nextAttemptAt: dueAt,
      attempts: 0,
      lastError: null,
      payload: sql`jsonb_set(${t.outbox.payload}, '{start}', to_jsonb(${start.toISOString()}::text))`,
    })
    .where(and(eq(t.outbox.id, id), eq(t.outbox.status, 'pending')));
}

/** Takes waiting reminders back for good, saying why; sent ones stay as they were. */
export async function withdrawReminders(db: Executor, ids: readonly number[], reason: string) {
  if (ids.length === 0) return;
  await db
    .update(t.outbox)
    .set({ status: 'withdrawn', lastError: reason })
    .where(and(inArray(t.outbox.id, [...ids]), eq(t.outbox.status, 'pending')));
}

/**
 * A clinic's upcoming open appointments that no reminder has gone out for yet: the ones a new
 * policy plans again. Oldest id first, a page at a time after `afterId`.
 */
export async function unremindedUpcoming(
  db: Executor,
  clinicId: string,
  now: Date,
  afterId: string | null,
  limit: number,
) {
  return (
    db
      .select({
        id: t.appointments.id,
        clinicId: t.appointments.clinicId,
        startAt: t.appointments.startAt,
        patientName: patientFullName,
        patientEmail: t.patients.email,
      })
      .from(t.appointments)
      .innerJoin(t.patients, eq(t.patients.id, t.appointments.patientId))
      .where(
        and(
          eq(t.appointments.clinicId, clinicId),
          gt(t.appointments.startAt, now),
          inArray(t.appointments.status, [...OPEN_STATUSES]),
          afterId ? gt(t.appointments.id, afterId) : undefined,
          notExists(
            db
              .select({ one: sql`1` })
              .from(t.outbox)
              .where(
                and(
                  eq(t.outbox.appointmentId, t.appointments.id),
                  eq(t.outbox.kind, REMINDER_KIND),
                  eq(t.outbox.status, 'sent'),
                  // Sent for this time, not for one the appointment has since moved away from.
                  sql`(${t.outbox.payload} ->> 'start')::timestamptz = ${t.appointments.startAt}`,
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(t.appointments.id))
      .limit(limit)
      // A change of one of them waits for the new plan, and plans after it.
      .for('update', { of: t.appointments })
  );
}

/** What a reminder about to go out is about, read fresh at sending time. */
export async function reminderDeliveries(db: Executor, appointmentIds: readonly string[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select({
      appointmentId: t.appointments.id,
      startAt: t.appointments.startAt,
      duration: t.appointments.duration,
      status: t.appointments.status,
      token: t.appointments.token,
      version: t.appointments.version,
      clinic: { name: t.clinics.name, timezone: t.clinics.timezone },
      patient: {
        name: patientFullName,
        email: t.patients.email,
        remindersOptOut: t.patients.remindersOptOut,
        language: t.patients.preferredLanguage,
      },
      staff: { name: t.users.name, email: t.users.email },
    })
    .from(t.appointments)
    .innerJoin(t.clinics, eq(t.clinics.id, t.appointments.clinicId))
    .innerJoin(t.patients, eq(t.patients.id, t.appointments.patientId))
    .innerJoin(t.users, eq(t.users.id, t.appointments.staffId))
    .where(inArray(t.appointments.id, [...appointmentIds]));
}
export type ReminderDelivery = Awaited<ReturnType<typeof reminderDeliveries>>[number];

/** Records why a due reminder did not go out; it will not be tried again. */
export async function settleUnsent(
  db: Executor,
  id: number,
  status: 'withdrawn' | 'dropped',
  reason: string,
) {
  await db.update(t.outbox).set({ status, lastError: reason }).where(eq(t.outbox.id, id));
}
