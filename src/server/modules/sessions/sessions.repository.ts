import { and, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import { PATIENT_ACTOR } from '../../core/request-context';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';
import { clinicNameColumns } from '../../db/clinic-columns';

const sessionColumns = {
  appointment: {
    id: t.appointments.id,
    clinicId: t.appointments.clinicId,
    startAt: t.appointments.startAt,
    endAt: t.appointments.endAt,
    duration: t.appointments.duration,
    status: t.appointments.status,
    staffId: t.appointments.staffId,
    notes: t.appointments.notes,
    version: t.appointments.version,
    /** The last change: the calendar file's DTSTAMP (a file without a METHOD, RFC 5545). */
    updatedAt: t.appointments.updatedAt,
    /** Null: the clinic's default service, as for every appointment booked before services. */
    serviceId: t.appointments.serviceId,
  },
  clinic: {
    ...clinicNameColumns,
    phone: t.clinics.phone,
    address: t.clinics.address,
    onlineBookingEnabled: t.clinics.onlineBookingEnabled,
    onlineBookingAgentIds: t.clinics.onlineBookingAgentIds,
    defaultLanguage: t.clinics.defaultLanguage,
    /** The calendar file's alarms: when the clinic reminds its patients. */
    reminderOffsetsMinutes: t.clinics.reminderOffsetsMinutes,
  },
  policy: {
    allowReschedule: t.clinics.patientCanReschedule,
    allowCancel: t.clinics.patientCanCancel,
    cutoffHours: t.clinics.patientChangeCutoffHours,
    maxReschedules: t.clinics.patientMaxReschedules,
    /** The notice a patient's own move must give: the clinic's for online bookings. */
    minNoticeHours: t.clinics.onlineBookingNoticeHours,
  },
  provider: { id: t.users.id, name: t.users.name, email: t.users.email },
  patient: {
    id: t.patients.id,
    firstName: t.patients.firstName,
    lastName: t.patients.lastName,
    email: t.patients.email,
    /** For a phone visit: the number the clinic will call. */
    phone: t.patients.phone,
    preferredLanguage: t.patients.preferredLanguage,
  },
};

function selectSession(db: Executor) {
  return db
    .select(sessionColumns)
    .from(t.appointments)
    .innerJoin(t.clinics, eq(t.clinics.id, t.appointments.clinicId))
    .innerJoin(t.users, eq(t.users.id, t.appointments.staffId))
    .innerJoin(t.patients, eq(t.patients.id, t.appointments.patientId));
}
export type SessionRow = Awaited<ReturnType<ReturnType<typeof selectSession>['where']>>[number];

/** The appointment behind a patient's link; a replaced token (after Reset link) finds nothing. */
export async function findByToken(db: Executor, token: string): Promise<SessionRow | undefined> {
  const [row] = await selectSession(db).where(eq(t.appointments.token, token)).limit(1);
  return row;
}

export async function findById(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await selectSession(db).where(eq(t.appointments.id, id)).limit(1);
  return row;
}

export async function hasJoinedSince(
  db: Executor,
  appointmentId: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: t.appointmentEvents.id })
    .from(t.appointmentEvents)
    .where(
      and(
        eq(t.appointmentEvents.appointmentId, appointmentId),
        eq(t.appointmentEvents.type, 'PATIENT_JOINED'),
        gte(t.appointmentEvents.at, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function recordJoin(db: Executor, appointmentId: string, at: Date, byName: string) {
  await db
    .insert(t.appointmentEvents)
    .values({ appointmentId, type: 'PATIENT_JOINED', at, byName });
}

/**
 * The patient's confirmation: the row moves to CONFIRMED only from an open, unconfirmed status
 * and before the start, in one statement, so two clicks (or two tabs) confirm once. Returns
 * whether this call confirmed it; the history entry goes with it.
 */
export async function confirmByPatient(db: Executor, appointmentId: string, now: Date) {
  const [row] = await db
    .update(t.appointments)
    .set({ status: 'CONFIRMED', version: sql`${t.appointments.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(t.appointments.id, appointmentId),
        inArray(t.appointments.status, ['BOOKED', 'SCHEDULED']),
        gt(t.appointments.startAt, now),
      ),
    )
    .returning({ id: t.appointments.id });
  if (!row) return false;
  await db
    .insert(t.appointmentEvents)
    .values({ appointmentId, type: 'CONFIRMED', at: now, byName: PATIENT_ACTOR });
  return true;
}

export type Seat = 'patient' | 'staff';

export interface SeatClaim {
  appointmentId: string;
  seat: Seat;
  connectionId: string;
  clientId: string;
  userId: string | null;
  at: Date;
}

/** Takes an empty place; false when someone holds it (the primary key decides a race). */
export async function insertSeat(db: Executor, claim: SeatClaim): Promise<boolean> {
  const rows = await db
    .insert(t.visitParticipants)
    .values({ ...claim, joinedAt: claim.at, seenAt: claim.at })
    .onConflictDoNothing()
    .returning({ connectionId: t.visitParticipants.connectionId });
  return rows.length > 0;
}

/** The place's holder, locked until the transaction ends so two take-overs cannot interleave. */
export async function lockSeat(db: Executor, appointmentId: string, seat: Seat) {
  const [row] = await db
    .select()
    .from(t.visitParticipants)
    .where(
      and(eq(t.visitParticipants.appointmentId, appointmentId), eq(t.visitParticipants.seat, seat)),
    )
    .for('update')
    .limit(1);
  return row;
}

export async function replaceSeat(db: Executor, claim: SeatClaim) {
  await db
    .update(t.visitParticipants)
    .set({
      connectionId: claim.connectionId,
      clientId: claim.clientId,
      userId: claim.userId,
      joinedAt: claim.at,
      seenAt: claim.at,
    })
    .where(
      and(
        eq(t.visitParticipants.appointmentId, claim.appointmentId),
        eq(t.visitParticipants.seat, claim.seat),
      ),
    );
}

/** The heartbeat of a held place; false when another connection has taken it meanwhile. */
/**
 * The heartbeat of a place: `held` while this connection holds it; `link-replaced` when it
 * came in through a patient link that is no longer the appointment's (the place is given up);
 * `taken` when another connection holds it now.
 */
export async function touchSeat(
  db: Executor,
  connectionId: string,
  at: Date,
  patientToken?: string,
): Promise<'held' | 'taken' | 'link-replaced'> {
  const linkStands = patientToken
    ? sql`exists (select 1 from ${t.appointments} where ${t.appointments.id} = ${t.visitParticipants.appointmentId} and ${t.appointments.token} = ${patientToken})`
    : undefined;
  const rows = await db
    .update(t.visitParticipants)
    .set({ seenAt: at })
    .where(and(eq(t.visitParticipants.connectionId, connectionId), linkStands))
    .returning({ seat: t.visitParticipants.seat });
  if (rows.length > 0) return 'held';
  if (!patientToken) return 'taken';
  const released = await db
    .delete(t.visitParticipants)
    .where(eq(t.visitParticipants.connectionId, connectionId))
    .returning({ seat: t.visitParticipants.seat });
  return released.length > 0 ? 'link-replaced' : 'taken';
}

export async function releaseSeat(db: Executor, connectionId: string) {
  await db.delete(t.visitParticipants).where(eq(t.visitParticipants.connectionId, connectionId));
}

/** How often the patient has moved this appointment from their link (the clinic limits it). */
export async function countOnlineReschedules(db: Executor, appointmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.appointmentEvents)
    .where(
      and(
        eq(t.appointmentEvents.appointmentId, appointmentId),
        eq(t.appointmentEvents.type, 'RESCHEDULE'),
        isNull(t.appointmentEvents.byUserId),
        eq(t.appointmentEvents.byName, PATIENT_ACTOR),
      ),
    );
  return row?.n ?? 0;
}

/** When the appointment was cancelled, and why (the latest CANCELLED entry). */
export async function findCancellation(db: Executor, appointmentId: string) {
  const [row] = await db
    .select({ at: t.appointmentEvents.at, reason: t.appointmentEvents.reason })
    .from(t.appointmentEvents)
    .where(
      and(
        eq(t.appointmentEvents.appointmentId, appointmentId),
        eq(t.appointmentEvents.type, 'CANCELLED'),
      ),
    )
    .orderBy(desc(t.appointmentEvents.at))
    .limit(1);
  return row;
}
