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
  email: string;
  name: string;
  role: 'patient' | 'staff';
}

export interface NotificationSnapshot {
  appointmentId: string;
  clinic: { name: string; timezone: string };
  start: string;
  durationMinutes: number;
  token: string;
  patient: { name: string; email: string };
  staff: { name: string; email: string };
  /** Calendar sequence for the .ics: grows with each change, so calendars replace the event. */
  sequence: number;
  previous?: { start?: string; staffName?: string };
  reason?: string;
  /** A series change: every visit it concerns, in order (the first is the one above). */
  visits?: SeriesVisit[];
}

/**
 * One outbox row per change, naming everyone to tell: the patient and each staff member
 * involved (on reassign, the old provider too). Written in the change's own transaction.
 */
export type OutboxInsert = typeof t.outbox.$inferInsert;

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
  const unique = recipients.filter(
    (r, i) => recipients.findIndex((o) => o.email.toLowerCase() === r.email.toLowerCase()) === i,
  );
  return {
    kind: `appointment.${kind}`,
    appointmentId: snapshot.appointmentId,
    recipients: unique,
    payload: snapshot,
  };
}

/** A plain message to a clinic's admins about the system itself (a webhook endpoint disabled). */
export const ADMIN_NOTICE_KIND = 'admin.notice';

export interface AdminNotice {
  subject: string;
  text: string;
}

export function adminNoticeRow(
  admins: ReadonlyArray<{ email: string; name: string }>,
  notice: AdminNotice,
): OutboxInsert {
  return {
    kind: ADMIN_NOTICE_KIND,
    recipients: admins.map((a) => ({ email: a.email, name: a.name, role: 'staff' })),
    payload: notice,
  };
}
