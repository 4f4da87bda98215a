import {
  APPOINTMENT_STATUSES,
  MARKED_STATUSES,
  parseStatus,
  type AppointmentStatus,
  type MarkAction,
  type MarkedStatus,
} from './appointment-status';

// How our appointment statuses read in FHIR R4 (Appointment.status, a required binding), and
// what a FHIR client's status asks of us. ADR 015 has the table and the reasons.

/** FHIR R4's AppointmentStatus codes. */
export const FHIR_APPOINTMENT_STATUSES = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'fulfilled',
  'cancelled',
  'noshow',
  'entered-in-error',
  'checked-in',
  'waitlist',
] as const;
export type FhirAppointmentStatus = (typeof FHIR_APPOINTMENT_STATUSES)[number];

/**
 * Ours to FHIR. An open appointment is `booked` however it got there (FHIR's booked is "confirmed
 * to go ahead"); a disqualified visit did not go ahead and is `cancelled`, with "Disqualified" as
 * its reason.
 */
export const FHIR_STATUS_OF: Record<AppointmentStatus, FhirAppointmentStatus> = {
  BOOKED: 'booked',
  SCHEDULED: 'booked',
  CONFIRMED: 'booked',
  COMPLETED: 'fulfilled',
  CANCELLED: 'cancelled',
  NO_SHOW: 'noshow',
  DISQUALIFIED: 'cancelled',
};

/** An unknown stored status reads as booked: it holds its time, as occupiesSlot says. */
export function toFhirStatus(status: string): FhirAppointmentStatus {
  const known = parseStatus(status);
  return known ? FHIR_STATUS_OF[known] : 'booked';
}

/** The FHIR statuses a search by status matches: each stored status whose FHIR code it is. */
export function storedStatusesFor(fhirStatus: string): AppointmentStatus[] {
  return APPOINTMENT_STATUSES.filter((s) => FHIR_STATUS_OF[s] === fhirStatus);
}

/** What a status sent by a FHIR client (PUT or PATCH) asks of an appointment in `current`. */
export type FhirStatusChange =
  | { kind: 'none' }
  | { kind: 'cancel' }
  | { kind: 'mark'; action: MarkAction }
  | { kind: 'correct'; to: MarkedStatus | 'UNMARKED' }
  | { kind: 'refuse'; reason: string };

const MARK_OF: Partial<Record<FhirAppointmentStatus, { action: MarkAction; to: MarkedStatus }>> = {
  fulfilled: { action: 'completed', to: 'COMPLETED' },
  noshow: { action: 'no_show', to: 'NO_SHOW' },
};

const isMarked = (status: AppointmentStatus): status is MarkedStatus =>
  (MARKED_STATUSES as readonly string[]).includes(status);

/**
 * FHIR to ours: the same action the app's buttons take, so the same rules decide whether it is
 * allowed now (a cancel needs a future start, a mark a start that has come). The status the
 * appointment already reads as changes nothing, so a client may send back what it read.
 */
export function fhirStatusChange(
  current: string,
  requested: FhirAppointmentStatus,
): FhirStatusChange {
  const status = parseStatus(current);
  if (!status) return { kind: 'refuse', reason: `The appointment's status ${current} is unknown.` };
  if (FHIR_STATUS_OF[status] === requested) return { kind: 'none' };
  if (status === 'CANCELLED') {
    return { kind: 'refuse', reason: 'A cancelled appointment cannot be changed; book a new one.' };
  }
  const mark = MARK_OF[requested];
  switch (requested) {
    case 'cancelled':
      return isMarked(status)
        ? { kind: 'refuse', reason: 'A visit that has been marked cannot be cancelled.' }
        : { kind: 'cancel' };
    case 'fulfilled':
    case 'noshow':
      return isMarked(status)
        ? { kind: 'correct', to: mark!.to }
        : { kind: 'mark', action: mark!.action };
    case 'booked':
      // Back to not marked: a correction the app allows for a day after marking.
      return { kind: 'correct', to: 'UNMARKED' };
    default:
      return {
        kind: 'refuse',
        reason: `This server does not keep the status ${requested}: it takes booked, cancelled, fulfilled and noshow.`,
      };
  }
}
