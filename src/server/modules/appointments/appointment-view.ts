import type { Appointment } from '@contracts/appointments';
import type { AppointmentRow } from './appointments.repository';
import { personName } from '@domain/person-name';

/** Spec §3 "Appointment" from our rows; history oldest first, as stored. */
export function toAppointmentView(row: AppointmentRow): Appointment {
  const { appointment: a, patient, agent, clinic, history } = row;
  return {
    _id: a.id,
    date: a.startAt.toISOString(),
    duration: a.duration,
    token: a.token,
    patient: {
      id: patient.id,
      name: personName(patient),
      email: patient.email,
      phone: patient.phone,
      clinic: clinic.slug,
      source: patient.source,
    },
    staff: { id: agent.id, name: agent.name, email: agent.email },
    metadata: { status: a.status, notes: a.notes, source: a.source, type: a.type },
    statusHistory: history.map((e) => ({
      type: e.type,
      timestamp: e.timestamp,
      reason: e.reason,
      from: e.from,
      to: e.to,
      by: e.by,
    })),
    serviceId: a.serviceId,
    resourceId: a.resourceId,
  };
}
