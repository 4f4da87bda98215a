// Pushing appointments into a staff member's own CalDAV calendar (issue 46, ADR 062): what the
// pushed event says and when a failed push is tried again. Pure: the worker does the I/O.
import type { CalendarEvent } from './icalendar';

/** One UID per appointment, the one its visit files already carry (ADR 055). */
export function appointmentUid(appointmentId: string): string {
  return `${appointmentId}@carebook`;
}

/** The appointment id a Carebook UID names, or null for anyone else's event. */
export function appointmentIdOfUid(uid: string): string | null {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@carebook$/i.exec(
    uid,
  );
  return match ? match[1]!.toLowerCase() : null;
}

/** The event's file name in the collection: stable, so a retry writes the same resource. */
export function pushedEventFileName(appointmentId: string): string {
  return `carebook-${appointmentId}.ics`;
}

export interface PushedAppointment {
  id: string;
  version: number;
  start: Date;
  end: Date;
  serviceName: string | null;
  clinicName: string;
  patient: { firstName: string; lastName: string };
}

/**
 * "Appointment: Consultation" — and "with Jane Doe" only when the calendar's owner allows
 * patients' names there (ADR 062: by default a pushed event carries no patient data).
 */
export function pushedEventSummary(
  appointment: Pick<PushedAppointment, 'serviceName' | 'patient'>,
  patientNames: boolean,
): string {
  const what = appointment.serviceName?.trim()
    ? `Appointment: ${appointment.serviceName.trim()}`
    : 'Appointment';
  if (!patientNames) return what;
  const name = [appointment.patient.firstName, appointment.patient.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return name ? `${what} with ${name}` : what;
}

/** The VEVENT written for an appointment; its SEQUENCE is the row's version. */
export function pushedEvent(
  appointment: PushedAppointment,
  options: { patientNames: boolean; now: Date },
): CalendarEvent {
  return {
    uid: appointmentUid(appointment.id),
    sequence: appointment.version,
    stamp: options.now,
    lastModified: options.now,
    start: appointment.start,
    end: appointment.end,
    summary: pushedEventSummary(appointment, options.patientNames),
    status: 'CONFIRMED',
    location: appointment.clinicName,
    description: `Booked in Carebook at ${appointment.clinicName}. Change it in Carebook: changes made here are replaced by the appointment as booked.`,
  };
}

/**
 * When a failed push is tried again: 30 s after the first failure, then doubling, at most an
 * hour apart; a new change of the appointment makes it due at once again.
 */
export function pushRetryDelayMs(failedAttempts: number): number {
  const seconds = 30 * 2 ** Math.min(Math.max(0, failedAttempts - 1), 20);
  return Math.min(seconds, 3600) * 1000;
}
