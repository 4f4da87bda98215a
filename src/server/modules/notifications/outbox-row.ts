import type * as t from '../../db/schema';

export type NotificationKind =
  | 'booked'
  | 'rescheduled'
  | 'reassigned'
  | 'cancelled'
  | 'link_reset'
  | 'series_booked'
  | 'series_rescheduled'
  | 'series_cancelled';

/** One visit of a series change: a series message lists them all instead of one message each. */
export interface SeriesVisit {
  appointmentId: string;
  start: string;
  durationMinutes: number;
  token: string;
  sequence: number;
  previousStart?: string;
}

export interface NotificationParty {
  /** Null for a patient whose record has no e-mail address: nothing is sent to them. */
  email: string | null;
  name: string;
  role: 'patient' | 'staff';
  /** A patient's record's language, read when the message is written (issue 44). */
  language?: string | null;
}

/** A party with an address to write to. */
export type AddressedParty = NotificationParty & { email: string };

export const hasAddress = (party: NotificationParty): party is AddressedParty =>
  party.email !== null && party.email !== '';

export interface NotificationSnapshot {
  appointmentId: string;
  /** The id is the row's clinic_id (older payloads carry only the name and zone). */
  clinic: { id: string; name: string; timezone: string };
  start: string;
  durationMinutes: number;
  token: string;
  patient: { name: string; email: string | null };
  staff: { name: string; email: string };
  /** Calendar sequence for the .ics: grows with each change, so calendars replace the event. */
  sequence: number;
  previous?: { start?: string; staffName?: string };
  reason?: string;
  /** A series change: every visit it concerns, in order (the first is the one above). */
  visits?: SeriesVisit[];
}

/**
 * A row to queue. Its clinic must be said, even when none applies (null, for a notice about
 * several clinics' systems): the clinic decides which admins see the message (ADR 036).
 */
export type OutboxInsert = typeof t.outbox.$inferInsert & { clinicId: string | null };

/**
 * One outbox row per change, naming everyone to tell: the patient and each staff member
 * involved (on reassign, the old provider too). Written in the change's own transaction.
 */
export function outboxRow(
  kind: NotificationKind,
  snapshot: NotificationSnapshot,
  extraStaff: NotificationParty[] = [],
): OutboxInsert {
  const recipients: NotificationParty[] = [
    { email: snapshot.patient.email, name: snapshot.patient.name, role: 'patient' },
    // A new link is the patient's alone: the provider has nothing to do about it.
    ...(kind === 'link_reset'
      ? []
      : [{ email: snapshot.staff.email, name: snapshot.staff.name, role: 'staff' as const }]),
    ...extraStaff,
  ];
  const key = (r: NotificationParty) => r.email?.toLowerCase() ?? `(none):${r.role}`;
  const unique = recipients.filter((r, i) => recipients.findIndex((o) => key(o) === key(r)) === i);
  return {
    kind: `appointment.${kind}`,
    appointmentId: snapshot.appointmentId,
    clinicId: snapshot.clinic.id,
    recipients: unique,
    payload: snapshot,
  };
}

/**
 * A plain message to admins about the system itself (a webhook endpoint disabled). `clinicId`
 * when it concerns one clinic, whose admins then all see it; null when it concerns several, and
 * only its recipients see it.
 */
export const ADMIN_NOTICE_KIND = 'admin.notice';

export interface AdminNotice {
  subject: string;
  text: string;
}

export function adminNoticeRow(
  admins: ReadonlyArray<{ email: string; name: string }>,
  notice: AdminNotice,
  clinicId: string | null,
): OutboxInsert {
  return {
    kind: ADMIN_NOTICE_KIND,
    clinicId,
    recipients: admins.map((a) => ({ email: a.email, name: a.name, role: 'staff' })),
    payload: notice,
  };
}
