import { maskedNumber } from '@domain/phone-numbers';
import { textLengthOf } from '@domain/text-messages';
import type {
  OutboxMessage,
  OutboxText,
  OutboxMessageDetail,
  OutboxPage,
  OutboxQuery,
  RecordMessage,
  RecordMessages,
  RenderedMail,
} from '@contracts/outbox';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { isDuplicate } from '../../db/errors';
import { conflict, notFound } from '../../errors';
import type { AuthUser, RequestContext } from '../../core/request-context';
import { recordReadAudit } from '../audit';
import { hasAddress, type NotificationParty, type OutboxInsert } from './outbox-row';
import { isAccountKind, withheldText } from './account-messages';
import { addresseesOf, linksOf, previewOf, renderOutboxMail } from './outbox-render';
import { clinicsOfRows, visitsOfRows } from './message-visits';
import { textTwinned } from './text-twins';
import { REMINDER_KIND, reminderDeliveries, type ReminderDelivery } from './reminders.repository';
import * as repo from './outbox.repository';

const NOT_FOUND = 'Message not found.';

const viewerOf = (user: AuthUser): repo.OutboxViewer => ({
  clinicIds: [...user.clinicIds],
  email: user.email,
});

/** A text's part of the list (ADR 050): its number hidden but for its ends, its fate, its length. */
function textOf(row: repo.OutboxRow): OutboxText | null {
  if (row.channel !== 'sms' || !row.toNumber) return null;
  const to = maskedNumber(row.toNumber);
  const patient = (row.recipients as NotificationParty[]).find((r) => r.role === 'patient');
  const length = row.body ? textLengthOf(row.body) : null;
  return {
    to,
    // An answer to a reply names its number where a greeting would name the patient.
    name: patient && patient.name !== row.toNumber ? patient.name : to,
    deliveryStatus: (row.deliveryStatus ?? 'queued') as OutboxText['deliveryStatus'],
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    encoding: length?.encoding ?? null,
    segments: length?.segments ?? null,
  };
}

const view = (
  row: repo.OutboxRow,
  first: { subject: string; text: string } | null,
): OutboxMessage => {
  const text = textOf(row);
  return {
    id: row.id,
    kind: row.kind,
    channel: text ? 'sms' : 'email',
    text,
    appointmentId: row.appointmentId,
    // A text's recipient has a number, not an address: it is in `text`.
    recipients: text ? [] : (row.recipients as OutboxMessage['recipients']),
    subject: text ? null : (first?.subject ?? null),
    preview: text ? (row.body ? previewOf(row.body) : null) : first ? previewOf(first.text) : null,
    // The table's check constraint allows these alone.
    status: row.status as OutboxMessage['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    dueAt: row.dueAt?.toISOString() ?? null,
    offsetMinutes: row.offsetMinutes,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
};

/** The appointments of the rows' reminders as they are now: what a reminder is written from. */
async function currentReminders(
  deps: AppDeps,
  rows: readonly repo.OutboxRow[],
): Promise<Map<string, ReminderDelivery>> {
  const ids = rows.filter((r) => r.kind === REMINDER_KIND && r.appointmentId);
  const found = await reminderDeliveries(deps.db.db, [
    ...new Set(ids.map((r) => r.appointmentId!)),
  ]);
  return new Map(found.map((d) => [d.appointmentId, d]));
}

/** Rows as the list shows them: each with what its first recipient reads. */
async function summariesOf(
  deps: AppDeps,
  rows: readonly repo.OutboxRow[],
): Promise<OutboxMessage[]> {
  const [reminders, visits, clinics] = await Promise.all([
    currentReminders(deps, rows),
    visitsOfRows(deps.db.db, rows),
    clinicsOfRows(deps.db.db, rows, deps.config.MAIL_FROM),
  ]);
  return rows.map((row) => {
    const first = (row.recipients as NotificationParty[]).find(hasAddress);
    const current = reminders.get(row.appointmentId ?? '');
    const visit = visits.get(row.appointmentId ?? '');
    return view(
      row,
      first
        ? renderOutboxMail(
            row,
            first,
            deps.config.PUBLIC_URL,
            current,
            visit,
            clinics.get(row.clinicId ?? ''),
          )
        : null,
    );
  });
}

/** Admins see every notification of their clinics, each with what its first recipient reads. */
export async function listOutbox(
  deps: AppDeps,
  { user }: RequestContext,
  { page, limit, status, kind }: OutboxQuery,
): Promise<OutboxPage> {
  const rows = await repo.listVisible(deps.db.db, viewerOf(user), {
    status,
    kind,
    limit: limit + 1,
    offset: (page - 1) * limit,
  });
  // The list's query already leaves out e-mails that went to nobody (listVisible).
  return {
    data: await summariesOf(deps, await asSent(deps.db.db, rows.slice(0, limit))),
    pagination: { hasNextPage: rows.length > limit, currentPage: page },
  };
}

type Addressee = Awaited<ReturnType<typeof addresseesOf>>[number];

/** One audited read of messages rendered as sent (their links carry the patient's tokens). */
function auditMessagesRead(
  deps: AppDeps,
  ctx: RequestContext,
  patientId: string | null,
  details: Record<string, unknown>,
) {
  return recordReadAudit(
    deps.db.db,
    { userId: ctx.user.id, ip: ctx.ip },
    [{ action: 'read', entityType: 'notification', entityId: null, patientId, details }],
    deps.now(),
  );
}

/** What rendering the rows as sent needs beyond the rows: each read once for all of them. */
async function renderContextOf(deps: AppDeps, rows: readonly repo.OutboxRow[]) {
  const [reminders, visits, clinics] = await Promise.all([
    currentReminders(deps, rows),
    visitsOfRows(deps.db.db, rows),
    clinicsOfRows(deps.db.db, rows, deps.config.MAIL_FROM),
  ]);
  return { reminders, visits, clinics };
}

/** Each recipient's e-mail of a row, as the worker sends it; an account link is withheld. */
function mailsOf(
  deps: AppDeps,
  row: repo.OutboxRow,
  addressees: readonly Addressee[],
  context: Awaited<ReturnType<typeof renderContextOf>>,
): RenderedMail[] {
  const current = context.reminders.get(row.appointmentId ?? '');
  const visit = context.visits.get(row.appointmentId ?? '');
  const clinic = context.clinics.get(row.clinicId ?? '');
  return addressees.flatMap(({ recipient, optedOut }) => {
    if (!hasAddress(recipient)) return [];
    const mail = renderOutboxMail(row, recipient, deps.config.PUBLIC_URL, current, visit, clinic);
    if (!mail) return [];
    // A reset or invitation link sets the recipient's password: shown to an admin, it would let
    // them take the account over (ADR 047). The admin sees that it was sent, and why not its link.
    if (isAccountKind(row.kind)) {
      return [
        {
          to: mail.to,
          name: recipient.name,
          role: recipient.role,
          subject: mail.subject,
          text: withheldText(mail.text),
          links: [],
          optedOut,
        },
      ];
    }
    return [
      {
        to: mail.to,
        name: recipient.name,
        role: recipient.role,
        subject: mail.subject,
        text: mail.text,
        links: linksOf(mail.text, deps.config.PUBLIC_URL),
        optedOut,
      },
    ];
  });
}

/**
 * One message as each of its recipients gets it, links and all. The links carry the patient's
 * tokens (a visit, an offer, a booking to confirm), so every read is audited, with the patient
 * the message is about where there is one.
 */
export async function getOutboxMessage(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
): Promise<OutboxMessageDetail> {
  const found = await repo.findVisible(deps.db.db, id, viewerOf(ctx.user));
  if (!found) throw notFound(NOT_FOUND);
  // Shown as it went; one that went to nobody shows its recipients as none.
  const row = (await asSent(deps.db.db, [found]))[0] ?? { ...found, recipients: [] };
  const [addressees, patientId, context] = await Promise.all([
    addresseesOf(deps.db.db, row),
    repo.patientOfMessage(deps.db.db, row),
    renderContextOf(deps, [row]),
  ]);
  const mails = mailsOf(deps, row, addressees, context);
  await auditMessagesRead(deps, ctx, patientId, { messageId: row.id, kind: row.kind });
  return { ...view(row, mails[0] ?? null), mails };
}

/** Sends a notification of one of the admin's clinics again, as soon as the worker runs. */
export async function resendMessage(
  deps: AppDeps,
  { user }: RequestContext,
  id: number,
): Promise<OutboxMessage> {
  const row = await repo.findVisible(deps.db.db, id, viewerOf(user));
  if (!row) throw notFound(NOT_FOUND);
  if (isAccountKind(row.kind)) {
    // Its link works once and may be dead by now; a new one is asked for where it was made.
    throw conflict(
      'Account e-mails are not sent again from here: ask for a new password reset, or resend the invitation from the Staff page.',
    );
  }
  if (row.kind === REMINDER_KIND && (row.status === 'withdrawn' || row.status === 'pending')) {
    // A withdrawn reminder was for a time or a visit that no longer stands; a waiting one will go.
    throw conflict(
      row.status === 'pending'
        ? 'This reminder is already waiting to be sent.'
        : 'This reminder was withdrawn and cannot be sent.',
    );
  }
  try {
    const requeued = await repo.requeue(deps.db.db, row.id, deps.now());
    const [summary] = await summariesOf(deps, [requeued!]);
    return summary!;
  } catch (err) {
    // outbox_pending_reminder_idx: the appointment has a reminder of this offset waiting already.
    if (isDuplicate(err)) {
      throw conflict(
        'A reminder for the appointment’s current time is already waiting to be sent.',
      );
    }
    throw err;
  }
}

/**
 * Queues a change's notifications in its own transaction: they are sent once it commits, and
 * never for a change that did not.
 */
export function queueNotifications(tx: Executor, rows: readonly OutboxInsert[], now: Date) {
  return repo.insertOutbox(tx, rows, now);
}

/**
 * The rows as they went: an e-mail whose patient was texted it instead (its text twin, ADR 050)
 * went to the staff on it alone, so the patient is not among its recipients; one that had nobody
 * else on it went to nobody (its text is a row of its own) and is left out.
 */
async function asSent(db: Executor, rows: readonly repo.OutboxRow[]): Promise<repo.OutboxRow[]> {
  const twinned = await textTwinned(
    db,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => {
    if (!twinned.has(row.id)) return [row];
    const others = (row.recipients as NotificationParty[]).filter((r) => r.role !== 'patient');
    return others.length > 0 ? [{ ...row, recipients: others }] : [];
  });
}

/** How many messages a record shows; older ones are on the Notifications page. */
const RECORD_LIMIT = 50;

/** A text's words as sent; a staff text not yet sent shows the words it will send. */
function textBodyOf(row: repo.OutboxRow): string | null {
  if (row.channel !== 'sms') return null;
  if (row.body) return row.body;
  const planned = (row.payload as { text?: unknown }).text;
  return typeof planned === 'string' ? planned : null;
}

/**
 * Rows of one record, each rendered as sent, with one audited read for the whole list: the
 * e-mails' links carry the patient's tokens, as in the outbox's own view (ADR 036).
 */
async function recordMessagesOf(
  deps: AppDeps,
  ctx: RequestContext,
  rows: readonly repo.OutboxRow[],
  audit: { patientId: string; appointmentId?: string },
): Promise<RecordMessages> {
  const shown = (await asSent(deps.db.db, rows)).slice(0, RECORD_LIMIT);
  const [addressees, context] = await Promise.all([
    Promise.all(shown.map((row) => addresseesOf(deps.db.db, row))),
    renderContextOf(deps, shown),
  ]);
  const data = shown.map((row, i): RecordMessage => {
    const mails = row.channel === 'sms' ? [] : mailsOf(deps, row, addressees[i]!, context);
    return { ...view(row, mails[0] ?? null), mails, textBody: textBodyOf(row) };
  });
  await auditMessagesRead(deps, ctx, audit.patientId, {
    messageIds: data.map((m) => m.id),
    ...(audit.appointmentId ? { appointmentId: audit.appointmentId } : {}),
  });
  return { data, more: rows.length > RECORD_LIMIT };
}

/** Every e-mail and text about a patient of the viewer's clinics; another clinic's is a 404. */
export async function listPatientMessages(
  deps: AppDeps,
  ctx: RequestContext,
  patientId: string,
): Promise<RecordMessages> {
  const patient = await repo.patientInClinics(deps.db.db, patientId, ctx.user.clinicIds);
  if (!patient) throw notFound('Patient not found.');
  const rows = await repo.messagesOfPatient(
    deps.db.db,
    patient.clinicId,
    patientId,
    RECORD_LIMIT + 1,
  );
  return recordMessagesOf(deps, ctx, rows, { patientId });
}

/** Every e-mail and text about an appointment of the viewer's clinics; another clinic's is a 404. */
export async function listAppointmentMessages(
  deps: AppDeps,
  ctx: RequestContext,
  appointmentId: string,
): Promise<RecordMessages> {
  const appointment = await repo.appointmentInClinics(
    deps.db.db,
    appointmentId,
    ctx.user.clinicIds,
  );
  if (!appointment) throw notFound('Appointment not found.');
  const rows = await repo.messagesOfAppointment(
    deps.db.db,
    appointment.clinicId,
    appointmentId,
    RECORD_LIMIT + 1,
  );
  return recordMessagesOf(deps, ctx, rows, {
    patientId: appointment.patientId,
    appointmentId,
  });
}
