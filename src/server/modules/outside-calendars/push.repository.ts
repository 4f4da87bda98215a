import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';
import type { OutsideCalendarRow } from './outside-calendars.repository';

// Push (ADR 062): the queue the appointments' trigger fills (migration 0051), what was pushed
// where, and each calendar's push state. SQL only; the rules are in push-appointment.ts.

const q = t.outsideCalendarPushQueue;
const p = t.outsideCalendarPushedEvents;
const c = t.outsideCalendars;

export interface ClaimedPush {
  appointmentId: string;
  generation: number;
  attempts: number;
}

/**
 * Takes the appointments due for a push that no live worker holds, and holds them for `leaseMs`
 * (FOR UPDATE SKIP LOCKED): two instances never push one change at once, and a worker that died
 * lets its rows go when the lease runs out, so nothing queued is lost.
 */
export function claimDuePushes(
  db: Executor,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedPush[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ appointmentId: q.appointmentId })
      .from(q)
      .where(
        and(
          or(isNull(q.dueAt), lte(q.dueAt, now)),
          or(isNull(q.leasedUntil), lt(q.leasedUntil, now)),
        ),
      )
      .orderBy(sql`${q.dueAt} asc nulls first`, asc(q.queuedAt), asc(q.appointmentId))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(q)
      .set({ leasedUntil: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          q.appointmentId,
          due.map((row) => row.appointmentId),
        ),
      )
      .returning({
        appointmentId: q.appointmentId,
        generation: q.generation,
        attempts: q.attempts,
      });
  });
}

/**
 * A push done: the row goes, unless the appointment changed meanwhile (its generation moved),
 * in which case it is let go, due at once, to be pushed as it now stands.
 */
export async function completePush(db: Executor, claimed: ClaimedPush): Promise<void> {
  const gone = await db
    .delete(q)
    .where(and(eq(q.appointmentId, claimed.appointmentId), eq(q.generation, claimed.generation)))
    .returning({ id: q.appointmentId });
  if (gone.length === 0) {
    await db.update(q).set({ leasedUntil: null }).where(eq(q.appointmentId, claimed.appointmentId));
  }
}

/** A push that failed: tried again at `retryAt`, unless a newer change already made it due. */
export async function failPush(
  db: Executor,
  claimed: ClaimedPush,
  error: string,
  retryAt: Date,
): Promise<void> {
  await db
    .update(q)
    .set({
      leasedUntil: null,
      lastError: error.slice(0, 500),
      attempts: sql`case when ${q.generation} = ${claimed.generation} then ${q.attempts} + 1 else ${q.attempts} end`,
      dueAt: sql`case when ${q.generation} = ${claimed.generation} then ${retryAt.toISOString()}::timestamptz else ${q.dueAt} end`,
    })
    .where(eq(q.appointmentId, claimed.appointmentId));
}

/** Puts appointments in the queue (or makes them due again), as the trigger does. */
export async function queueAppointments(db: Executor, appointmentIds: readonly string[]) {
  if (appointmentIds.length === 0) return;
  await db
    .insert(q)
    .values(appointmentIds.map((appointmentId) => ({ appointmentId })))
    .onConflictDoUpdate({
      target: q.appointmentId,
      set: { generation: sql`${q.generation} + 1`, dueAt: null, attempts: 0, lastError: null },
    });
}

/**
 * What a change of a calendar's push options must push again: the owner's appointments from
 * `from` on (a first push, or names added or taken away) and whatever was pushed to it (taken off
 * when push is switched off).
 */
export async function appointmentsToRepush(
  db: Executor,
  calendar: Pick<OutsideCalendarRow, 'id' | 'staffId'>,
  from: Date,
): Promise<string[]> {
  const a = t.appointments;
  const upcoming = await db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.staffId, calendar.staffId), gte(a.endAt, from)));
  const pushed = await db
    .select({ id: p.appointmentId })
    .from(p)
    .where(eq(p.calendarId, calendar.id));
  return [...new Set([...upcoming, ...pushed].map((row) => row.id))];
}

/** The appointment as a pushed event shows it: no patient data but the name, read only if allowed. */
export async function appointmentToPush(db: Executor, id: string) {
  const a = t.appointments;
  const [row] = await db
    .select({
      id: a.id,
      staffId: a.staffId,
      status: a.status,
      version: a.version,
      start: a.startAt,
      end: a.endAt,
      serviceName: t.services.name,
      clinicName: t.clinics.name,
      patient: { firstName: t.patients.firstName, lastName: t.patients.lastName },
    })
    .from(a)
    .innerJoin(t.clinics, eq(t.clinics.id, a.clinicId))
    .innerJoin(t.patients, eq(t.patients.id, a.patientId))
    .leftJoin(t.services, eq(t.services.id, a.serviceId))
    .where(eq(a.id, id))
    .limit(1);
  return row;
}

/** The agent's calendars that take pushes. */
export function pushCalendarsOf(db: Executor, staffId: string) {
  return db
    .select()
    .from(c)
    .where(and(eq(c.staffId, staffId), eq(c.pushEnabled, true), eq(c.kind, 'caldav')))
    .orderBy(asc(c.createdAt), asc(c.id));
}

/** Where the appointment is pushed now, with each calendar (its credentials for a removal). */
export function pushedEventsOf(db: Executor, appointmentId: string) {
  return db
    .select({ pushed: p, calendar: c })
    .from(p)
    .innerJoin(c, eq(c.id, p.calendarId))
    .where(eq(p.appointmentId, appointmentId));
}

export async function savePushed(
  db: Executor,
  row: { calendarId: string; appointmentId: string; href: string; etag: string | null },
  now: Date,
) {
  await db
    .insert(p)
    .values({ ...row, pushedAt: now })
    .onConflictDoUpdate({
      target: [p.calendarId, p.appointmentId],
      set: { href: row.href, etag: row.etag, pushedAt: now },
    });
}

export async function forgetPushed(db: Executor, calendarId: string, appointmentId: string) {
  await db.delete(p).where(and(eq(p.calendarId, calendarId), eq(p.appointmentId, appointmentId)));
}

/** A calendar's push outcome, shown beside its sync state. */
export async function recordPushOutcome(
  db: Executor,
  calendarId: string,
  outcome: { error: string | null; conflict: boolean },
  now: Date,
) {
  await db
    .update(c)
    .set({
      lastPushError: outcome.error === null ? null : outcome.error.slice(0, 500),
      ...(outcome.error === null ? { lastPushedAt: now } : {}),
      ...(outcome.conflict ? { lastPushConflictAt: now } : {}),
    })
    .where(eq(c.id, calendarId));
}

export async function setPushOptions(
  db: Executor,
  calendarId: string,
  options: { pushEnabled: boolean; pushPatientNames: boolean },
) {
  const [row] = await db
    .update(c)
    .set({
      ...options,
      ...(options.pushEnabled ? {} : { lastPushError: null }),
    })
    .where(eq(c.id, calendarId))
    .returning();
  return row!;
}

/** How many of the owner's appointments wait for a push (shown as "waiting"). */
export async function waitingPushesOf(db: Executor, staffIds: readonly string[]) {
  if (staffIds.length === 0) return new Map<string, number>();
  const a = t.appointments;
  const rows = await db
    .select({ staffId: a.staffId, waiting: sql<number>`count(*)::int` })
    .from(q)
    .innerJoin(a, eq(a.id, q.appointmentId))
    .where(inArray(a.staffId, [...staffIds]))
    .groupBy(a.staffId);
  return new Map(rows.map((row) => [row.staffId, row.waiting]));
}

/**
 * The ids among `ids` that are appointments here: events Carebook pushed come back in a sync of
 * the same calendar, and an appointment already blocks its agent's time as itself (ADR 062).
 */
export async function knownAppointmentIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const a = t.appointments;
  const rows = await db
    .select({ id: a.id })
    .from(a)
    .where(inArray(a.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}
