import { personName } from '@domain/person-name';
import type { NotificationSnapshot } from '../notifications';
import type { AppointmentRow } from './appointments.repository';

/**
 * What a message about an appointment says of it, as it stands in `row`; `changes` gives what a
 * change makes different (a new time, agent or token, the previous values, a reason). Every
 * message about an existing appointment is built here, so they all name patient, agent and
 * clinic the same way.
 */
export function appointmentSnapshot(
  row: AppointmentRow,
  changes: Partial<NotificationSnapshot> = {},
): NotificationSnapshot {
  const { appointment, clinic, patient, agent } = row;
  return {
    appointmentId: appointment.id,
    clinic: { id: clinic.id, name: clinic.name, timezone: clinic.timezone },
    start: appointment.startAt.toISOString(),
    durationMinutes: appointment.duration,
    token: appointment.token,
    patient: { name: personName(patient), email: patient.email },
    staff: { name: agent.name, email: agent.email },
    sequence: appointment.version,
    ...changes,
  };
}
