import { NOTIFICATION_EVENTS, type NotificationEvent } from '@contracts/auth';
import type { VisitKind } from '@domain/visit-kind';
import type { Executor } from '../../db/client';
import {
  ADMIN_NOTICE_KIND,
  type AddressedParty,
  type AdminNotice,
  type NotificationParty,
  type NotificationSnapshot,
} from './outbox-row';
import { renderMessage, renderReminder } from './messages';
import {
  HOLD_KIND,
  OFFER_KIND,
  renderHold,
  renderOffer,
  type HoldSnapshot,
  type OfferSnapshot,
} from './kept-time-messages';
import {
  FACTOR_CHANGED_KIND,
  INVITATION_KIND,
  PASSWORD_RESET_KIND,
  renderFactorChanged,
  renderInvitation,
  renderPasswordReset,
  type FactorChangedSnapshot,
  type InvitationSnapshot,
  type PasswordResetSnapshot,
} from './account-messages';
import {
  currentOfferPatientContact,
  currentPatientContact,
  staffOptedOut,
} from './outbox.repository';
import type { MessageClinic } from './messages';
import { patientMailWords } from './mail-words';
import { REMINDER_KIND, type ReminderDelivery } from './reminders.repository';

// What a queued row becomes, decided in one place: the worker sends exactly this, and an admin
// is shown exactly this (ADR 036). A kind added here is sent and shown alike.

/** One e-mail as its recipient gets it. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  /** Absent for a notice to admins, which is plain text. */
  html?: string;
  /** The calendar file of a message about booked time. */
  ics?: string;
  icsMethod?: 'REQUEST' | 'CANCEL';
}

export interface RenderableRow {
  kind: string;
  payload: unknown;
}

/**
 * The message `recipient` gets for `row`. A reminder is written from its appointment as it is
 * now (`current`), not as it was planned; without it (the appointment is gone) there is nothing
 * to write and the answer is null. `visit` is the kind of visit of the row's appointment as its
 * service says now (visitsOfRows); without it a message reads as before services.
 */
export function renderOutboxMail(
  row: RenderableRow,
  recipient: AddressedParty,
  publicUrl: string,
  current?: ReminderDelivery,
  visit?: VisitKind,
  clinic?: MessageClinic,
): OutboxMail | null {
  // A patient reads their record's language, else their clinic's; staff read US English.
  const words = patientMailWords(
    row.kind === REMINDER_KIND ? current?.patient.language : recipient.language,
    clinic?.defaultLanguage,
  );
  switch (row.kind) {
    case REMINDER_KIND:
      if (!current?.patient.email) return null;
      // Addressed as the patient's record says at sending time, not as it said when planned.
      return renderReminder(
        {
          appointmentId: current.appointmentId,
          clinic: current.clinic,
          start: current.startAt.toISOString(),
          durationMinutes: current.duration,
          token: current.token,
          confirmed: current.status.toUpperCase() === 'CONFIRMED',
          patient: { name: current.patient.name },
          staff: { name: current.staff.name },
          sequence: current.version,
        },
        current.patient.email,
        publicUrl,
        visit,
        clinic,
        words,
      );
    case OFFER_KIND:
      // A waitlist offer goes to its patient only, with the link that answers it.
      return renderOffer(row.payload as OfferSnapshot, recipient.email, publicUrl, clinic, words);
    case HOLD_KIND:
      // An online booking's confirmation goes to the e-mail that asked, with the link that books.
      return renderHold(row.payload as HoldSnapshot, recipient.email, publicUrl, clinic, words);
    case PASSWORD_RESET_KIND:
      return renderPasswordReset(row.payload as PasswordResetSnapshot, recipient, publicUrl);
    case INVITATION_KIND:
      return renderInvitation(row.payload as InvitationSnapshot, recipient, publicUrl);
    case FACTOR_CHANGED_KIND:
      return renderFactorChanged(row.payload as FactorChangedSnapshot, recipient, publicUrl);
    case ADMIN_NOTICE_KIND: {
      const notice = row.payload as AdminNotice;
      return { to: recipient.email, subject: notice.subject, text: notice.text };
    }
    default:
      return renderMessage(
        row.kind,
        row.payload as NotificationSnapshot,
        recipient,
        publicUrl,
        visit,
        clinic,
        words,
      );
  }
}

/**
 * The staff choice in Settings a kind is sent under ('booked' for a booking and a series booked),
 * or null for a kind nobody can turn off.
 */
export function preferenceOf(kind: string): NotificationEvent | null {
  if (!kind.startsWith('appointment.') || kind === REMINDER_KIND) return null;
  const event = kind.replace(/^appointment\./, '').replace(/^series_/, '');
  return (NOTIFICATION_EVENTS as readonly string[]).includes(event)
    ? (event as NotificationEvent)
    : null;
}

export interface Addressee {
  recipient: NotificationParty;
  /** A staff member who turned this kind of e-mail off: the worker skips them. */
  optedOut: boolean;
}

/**
 * Everyone the row names, each with whether the worker sends to them now: staff choose in
 * Settings which changes they hear about; patients always hear.
 */
export async function addresseesOf(
  db: Executor,
  row: RenderableRow & { recipients: unknown; appointmentId?: string | null },
): Promise<Addressee[]> {
  const recipients = await withCurrentPatient(db, row);
  const preference = preferenceOf(row.kind);
  const optedOut = preference
    ? await staffOptedOut(
        db,
        recipients.flatMap((r) => (r.role === 'staff' && r.email ? [r.email] : [])),
        preference,
      )
    : new Set<string>();
  return recipients.map((recipient) => ({
    recipient,
    optedOut: recipient.role === 'staff' && optedOut.has((recipient.email ?? '').toLowerCase()),
  }));
}

/**
 * The row's recipients, the patient of its appointment addressed as their record says now (an
 * e-mail corrected after the message was queued is where it goes).
 */
async function withCurrentPatient(
  db: Executor,
  row: RenderableRow & { recipients: unknown; appointmentId?: string | null },
): Promise<NotificationParty[]> {
  const recipients = row.recipients as NotificationParty[];
  if (!recipients.some((r) => r.role === 'patient')) return recipients;
  // A waitlist offer has no appointment: its patient is its entry's, found by the offer's token,
  // and reads the offer in their record's language (issue 44).
  const offerToken =
    row.kind === OFFER_KIND ? (row.payload as Partial<OfferSnapshot> | null)?.token : undefined;
  if (!row.appointmentId && !offerToken) return recipients;
  const current = row.appointmentId
    ? await currentPatientContact(db, row.appointmentId)
    : await currentOfferPatientContact(db, offerToken!);
  if (!current) return recipients;
  return recipients.map((r) => (r.role === 'patient' ? { ...r, ...current } : r));
}

/** "Join your online visit: https://…" → { label: 'Join your online visit', url }. */
export interface MailLink {
  label: string;
  url: string;
}

/**
 * The app's own links in a message's text, each with the words before it on its line. Only links
 * under PUBLIC_URL count: a URL someone typed into a reason or a name is text, not our link.
 */
export function linksOf(text: string, publicUrl: string): MailLink[] {
  const base = publicUrl.replace(/\/$/, '');
  const links: MailLink[] = [];
  for (const line of text.split('\n')) {
    for (const match of line.matchAll(/https?:\/\/\S+/g)) {
      const url = match[0];
      if (url !== base && !url.startsWith(`${base}/`)) continue;
      const label = line
        .slice(0, match.index)
        .replace(/[\s:—-]+$/, '')
        .trim();
      links.push({ label: label || url, url });
    }
  }
  return links;
}

const PREVIEW_LENGTH = 140;

/**
 * The start of a message's text on one line, for a list. Links are left out: they carry the
 * patient's tokens, which only the audited full view shows.
 */
export function previewOf(text: string): string {
  const flat = text
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\s*[:—]\s*(?=\n|$)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : flat;
}
