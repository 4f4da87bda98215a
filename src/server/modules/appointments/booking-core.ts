import { INITIAL_APPOINTMENT_STATUS } from '@domain/appointment-status';
import { APPOINTMENT_SOURCE, type Appointment } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { conflict, notFound, unprocessable } from '../../errors';
import { newSessionToken } from '../../security/session-token';
import { recordAudit, type AuditActor } from '../audit';
import { checkBookable, slotSettings } from '../availability';
import { findBookableAgent, findClinicPatient } from '../clinics';
import { outboxRow, queueNotifications, syncReminders } from '../notifications';
import { bookedForWaitlist } from '../waitlist';
import { queueAppointmentWebhooks } from '../webhooks';
import { toAppointmentView } from './appointment-view';
import * as repo from './appointments.repository';
import { slotRefusal, SLOT_TAKEN_MESSAGE } from './booking-rules';

/** One booking as every way of booking makes it: the row, its history, messages and audit. */
export interface BookingInsert {
  clinic: { id: string; name: string; timezone: string };
  patient: { id: string; firstName: string; lastName: string; email: string };
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
 * Writes a booking inside the caller's transaction, after taking the agent's booking lock; the
 * exclusion constraint still has the last word. Returns the new appointment's id and token.
 */
export async function insertBooking(
  tx: Executor,
  b: BookingInsert,
): Promise<{ id: string; token: string; view: Appointment | undefined }> {
  const token = newSessionToken();
  await repo.lockAgentBookings(tx, b.agent.id);
  const appointmentId = await repo.insertAppointment(tx, {
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
  await queueNotifications(
    tx,
    [
      outboxRow('booked', {
        appointmentId,
        clinic: { name: b.clinic.name, timezone: b.clinic.timezone },
        start: b.start.toISOString(),
        durationMinutes: b.duration,
        token,
        patient: { name: `${b.patient.firstName} ${b.patient.lastName}`, email: b.patient.email },
        staff: { name: b.agent.name, email: b.agent.email },
        sequence: 0,
      }),
    ],
    b.now,
  );
  await syncReminders(tx, appointmentId, b.now, { created: true });
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
  // Other systems hear of the booking as the API shows it, in the same transaction.
  const created = await repo.findAppointment(tx, appointmentId, [b.clinic.id]);
  const view = created && toAppointmentView(created);
  if (view) {
    await queueAppointmentWebhooks(
      tx,
      { clinicId: b.clinic.id, appointment: view, historyTypes: ['BOOKED'] },
      b.now,
    );
  }
  // A waiting patient booked into a time they wished for leaves the waitlist (ADR 019).
  await bookedForWaitlist(tx, b, {
    ...b,
    clinicId: b.clinic.id,
    patientId: b.patient.id,
    providerId: b.agent.id,
    appointmentId,
  });
  // The booking as the API shows it, read in its transaction: the caller's answer too.
  return { id: appointmentId, token, view };
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
    await repo.lockAgentBookings(tx, agent.id);
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
      const code = (err as { cause?: { code?: string } }).cause?.code;
      if (code === '23P01') throw conflict(SLOT_TAKEN_MESSAGE);
      throw err;
    }
  };
}
export type BookInTransaction = ReturnType<typeof bookInTransaction>;
