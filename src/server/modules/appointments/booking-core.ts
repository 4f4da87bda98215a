import { randomUUID } from 'node:crypto';
import { INITIAL_APPOINTMENT_STATUS } from '@domain/appointment-status';
import { APPOINTMENT_SOURCE, type Appointment } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { notFound, unprocessable } from '../../errors';
import { newSessionToken } from '../../security/session-token';
import { recordAudit, type AuditActor } from '../audit';
import { checkBookable, slotSettings } from '../availability';
import { findBookableAgent, findClinicPatient } from '../clinics';
import { outboxRow, queueNotifications, remindersForNewAppointment } from '../notifications';
import { bookedForWaitlist } from '../waitlist';
import { appointmentWebhooksFor } from '../webhooks';
import { toAppointmentView } from './appointment-view';
import * as repo from './appointments.repository';
import { slotRefusal, SLOT_TAKEN_MESSAGE } from './booking-rules';
import { lockAgents } from '../../db/locks';
import { asBookingConflict } from '../../db/errors';
import { personName } from '@domain/person-name';

/** One booking as every way of booking makes it: the row, its history, messages and audit. */
export interface BookingInsert {
  /** With its slug, the booking's answer is made from what is written, not read back. */
  clinic: { id: string; name: string; timezone: string; slug?: string };
  patient: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    source: string | null;
  };
  agent: { id: string; name: string; email: string };
  start: Date;
  duration: number;
  notes: string | null;
  /** Where the booking came from: "online" for the public page; this product's own otherwise. */
  source?: string;
  /** Who booked: a staff member (their id), or someone without an account (null). */
  by: { userId: string | null; name: string };
  audit: AuditActor;
  now: Date;
  config: AppDeps['config'];
}

/**
 * Writes a booking inside the caller's transaction. The appointment's insert takes the agent's
 * booking lock (its BEFORE INSERT trigger calls the lock_agent_bookings of lockAgents
 * before the row meets the exclusion constraint, which still has the last word). Every other
 * booking of the agent waits for that lock until this transaction ends, so what can be read or
 * written without the appointment's row comes before the insert, and after it only the writes
 * that name the row are sent (ADR 027). Returns the new appointment's id, token and view.
 */
export async function insertBooking(
  tx: Executor,
  b: BookingInsert,
): Promise<{ id: string; token: string; view: Appointment }> {
  const token = newSessionToken();
  const queueReminders = await remindersForNewAppointment(tx, b.clinic.id);
  const queueWebhooks = await appointmentWebhooksFor(tx, b.clinic.id, ['BOOKED']);
  // The id is made here so that the audit row, which names it without a foreign key, is written
  // before the insert queues this transaction behind the agent's other bookings.
  const appointmentId = randomUUID();
  await recordAudit(
    tx,
    b.audit,
    [
      {
        action: 'create',
        entityType: 'appointment',
        entityId: appointmentId,
        patientId: b.patient.id,
      },
    ],
    b.now,
  );
  const appointment = await repo.insertAppointment(tx, {
    id: appointmentId,
    clinicId: b.clinic.id,
    patientId: b.patient.id,
    staffId: b.agent.id,
    startAt: b.start,
    endAt: new Date(b.start.getTime() + b.duration * 60_000),
    duration: b.duration,
    status: INITIAL_APPOINTMENT_STATUS,
    token,
    notes: b.notes,
    source: b.source ?? APPOINTMENT_SOURCE,
    type: 'custom',
    createdBy: b.by.userId,
    createdAt: b.now,
    updatedAt: b.now,
  });
  await repo.insertEvents(tx, [
    { appointmentId, type: 'BOOKED', at: b.now, byUserId: b.by.userId, byName: b.by.name },
  ]);
  const patientName = personName(b.patient);
  await queueNotifications(
    tx,
    [
      outboxRow('booked', {
        appointmentId,
        clinic: { id: b.clinic.id, name: b.clinic.name, timezone: b.clinic.timezone },
        start: b.start.toISOString(),
        durationMinutes: b.duration,
        token,
        patient: { name: patientName, email: b.patient.email },
        staff: { name: b.agent.name, email: b.agent.email },
        sequence: 0,
      }),
    ],
    b.now,
  );
  await queueReminders(
    {
      id: appointmentId,
      startAt: appointment.startAt,
      patientName: patientName,
      patientEmail: b.patient.email,
    },
    b.now,
  );
  // The booking as the API shows it: the caller's answer, and what other systems hear of it in
  // the same transaction. Everything in it was just written, so it is made, not read back.
  const view = b.clinic.slug
    ? toAppointmentView({
        appointment,
        patient: b.patient,
        staff: { id: b.agent.id, name: b.agent.name, email: b.agent.email },
        clinic: {
          id: b.clinic.id,
          slug: b.clinic.slug,
          name: b.clinic.name,
          timezone: b.clinic.timezone,
        },
        history: [
          {
            type: 'BOOKED',
            at: b.now.toISOString(),
            reason: null,
            from: null,
            to: null,
            by: b.by.name,
          },
        ],
      })
    : await readView(tx, appointmentId, b.clinic.id);
  await queueWebhooks(view, b.now);
  // A waiting patient booked into a time they wished for leaves the waitlist (ADR 019).
  await bookedForWaitlist(tx, b, {
    ...b,
    clinicId: b.clinic.id,
    patientId: b.patient.id,
    providerId: b.agent.id,
    appointmentId,
  });
  return { id: appointmentId, token, view };
}

async function readView(tx: Executor, id: string, clinicId: string): Promise<Appointment> {
  const row = await repo.findAppointment(tx, id, [clinicId]);
  if (!row) throw new Error(`the booking ${id} could not be read back in its transaction`);
  return toAppointmentView(row);
}

/**
 * A booking someone other than a signed-in staff member asks for: a patient's accepted offer, or
 * a confirmed online booking.
 */
export interface BookingRequest {
  clinic: { id: string; name: string; timezone: string };
  patientId: string;
  agentId: string;
  start: Date;
  duration: number;
  notes: string | null;
  source?: string;
  by: { userId: string | null; name: string };
  ip: string;
}

/**
 * Books inside the caller's transaction through the same rules as the create endpoint: the
 * patient and agent of the clinic, the agent's hours, notice and horizon, the time still free.
 * The waitlist gets this function from the app (ADR 019), so that it books without importing
 * this module, which tells it of freed time.
 */
export function bookInTransaction(deps: AppDeps) {
  return async (tx: Executor, r: BookingRequest): Promise<{ id: string; token: string }> => {
    const patient = await findClinicPatient(tx, r.clinic.id, r.patientId);
    if (!patient) throw notFound('Patient not found in this clinic.');
    const agent = await findBookableAgent(tx, r.clinic.id, r.agentId);
    if (!agent) throw unprocessable('The provider no longer takes appointments at this clinic.');
    const now = deps.now();
    await lockAgents(tx, [agent.id]);
    const check = await checkBookable(tx, {
      agent,
      start: r.start,
      durationMinutes: r.duration,
      now,
      settings: slotSettings(deps.config),
    });
    if (!check.ok) throw slotRefusal(check, agent.name);
    try {
      return await insertBooking(tx, {
        clinic: r.clinic,
        patient,
        agent,
        start: r.start,
        duration: r.duration,
        notes: r.notes,
        source: r.source,
        by: r.by,
        audit: { userId: r.by.userId, ip: r.ip },
        now,
        config: deps.config,
      });
    } catch (err) {
      throw asBookingConflict(err, SLOT_TAKEN_MESSAGE);
    }
  };
}
export type BookInTransaction = ReturnType<typeof bookInTransaction>;
