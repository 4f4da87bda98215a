import { z } from 'zod';
import { TEXT_DELIVERY_STATUSES } from '@domain/text-messages';
import { idParams, pageOf, pageQueryOf, wholeNumber } from './common';
import { defineEndpoint } from './endpoint';
import {
  getOutboxMessageRoute,
  listAppointmentMessagesRoute,
  listOutboxRoute,
  listPatientMessagesRoute,
  resendOutboxMessageRoute,
} from './routes/outbox';

/**
 * `pending` waits for its time or a retry; `withdrawn` will never go out because the appointment
 * was cancelled, marked or moved; `dropped` fell due while it could no longer be useful (the
 * visit had started), with the reason in `lastError`.
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'withdrawn', 'dropped'] as const;
export const outboxStatus = z.enum(OUTBOX_STATUSES);
export type OutboxStatus = z.infer<typeof outboxStatus>;

export const OUTBOX_KINDS = [
  'appointment.booked',
  'appointment.rescheduled',
  'appointment.reassigned',
  'appointment.cancelled',
  'appointment.link_reset',
  'appointment.series_booked',
  'appointment.series_rescheduled',
  'appointment.series_cancelled',
  'appointment.reminder',
  'waitlist.offer',
  'online.hold',
  'admin.notice',
  'account.password_reset',
  'account.invitation',
  'account.factor_changed',
] as const;
export const outboxKind = z.enum(OUTBOX_KINDS);
export type OutboxKind = z.infer<typeof outboxKind>;

/**
 * A text message's part of a row (ADR 050): its number, partly hidden as a list shows it, where
 * the gateway's reports have it, and how long it is on the air. Its words are the row's preview.
 */
export const outboxText = z.object({
  /** The number with all but its country code and last four digits hidden: "+1 ••• 0142". */
  to: z.string(),
  /** Whom it is for, as the text greets them (an answer to a reply: the number, hidden). */
  name: z.string(),
  deliveryStatus: z.enum(TEXT_DELIVERY_STATUSES),
  deliveredAt: z.string().nullable(),
  encoding: z.enum(['GSM-7', 'UCS-2']).nullable(),
  /** Null until its words are written (when it goes). */
  segments: z.number().nullable(),
});
export type OutboxText = z.infer<typeof outboxText>;

/** One notification to deliver, as an admin sees it. */
export const outboxMessage = z.object({
  id: z.number(),
  kind: z.string(),
  /** 'email', or 'sms' for a text message (ADR 050); optional for clients written before texts. */
  channel: z.enum(['email', 'sms']).optional(),
  /** A text's number, delivery and length; null for an e-mail. */
  text: outboxText.nullable().optional(),
  /** The appointment it is about; null for an offer, an online booking's confirmation, a notice. */
  appointmentId: z.string().nullable(),
  recipients: z.array(z.object({ email: z.string(), name: z.string(), role: z.string() })),
  /**
   * What the first recipient's message says, as it is sent: its subject, and the start of its
   * text without links. Null for a reminder whose appointment no longer exists.
   */
  subject: z.string().nullable(),
  preview: z.string().nullable(),
  status: outboxStatus,
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  /** A reminder's planned time (start minus its offset); null for other messages. */
  dueAt: z.string().nullable(),
  /** A reminder's offset before the start, in minutes; null for other messages. */
  offsetMinutes: z.number().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxQuery = z.object({
  status: outboxStatus.optional(),
  kind: outboxKind.optional(),
  ...pageQueryOf(50),
});
export type OutboxQuery = z.infer<typeof outboxQuery>;

export const outboxPage = pageOf(outboxMessage);
export type OutboxPage = z.infer<typeof outboxPage>;

export const outboxIdParams = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });

/** A link of a message, with the words before it on its line ("Confirm this booking"). */
export const mailLink = z.object({ label: z.string(), url: z.string() });
export type MailLink = z.infer<typeof mailLink>;

/** One recipient's e-mail, exactly as the outbox worker sends it. */
export const renderedMail = z.object({
  to: z.string(),
  name: z.string(),
  role: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The app's own links in the text: where the recipient is sent (their tokens included). */
  links: z.array(mailLink),
  /** A staff member who turned this kind of e-mail off in Settings: it is not sent to them. */
  optedOut: z.boolean(),
});
export type RenderedMail = z.infer<typeof renderedMail>;

/**
 * A message with every recipient's e-mail. Empty `mails`: there is nothing to show (a reminder
 * whose appointment no longer exists).
 */
export const outboxMessageDetail = outboxMessage.extend({ mails: z.array(renderedMail) });
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetail>;

/**
 * A message on a patient's record or an appointment (issue 44): as the outbox shows it, with each
 * recipient's e-mail as sent, or a text's words as sent (`textBody`; a staff text not yet sent:
 * the words it will send; null for an e-mail).
 */
export const recordMessage = outboxMessageDetail.extend({ textBody: z.string().nullable() });
export type RecordMessage = z.infer<typeof recordMessage>;

/** The newest messages first; `more`: there are older ones than these (the Notifications page has them all). */
export const recordMessages = z.object({ data: z.array(recordMessage), more: z.boolean() });
export type RecordMessages = z.infer<typeof recordMessages>;

const admins = { tag: 'Admin', access: { roles: ['admin'] } } as const;

export const listOutboxEndpoint = defineEndpoint({
  ...admins,
  ...listOutboxRoute,
  summary: 'Notifications of the admin’s clinics, delivered or still to deliver, newest first',
  query: outboxQuery,
  responses: { 200: outboxPage },
});

export const getOutboxMessageEndpoint = defineEndpoint({
  ...admins,
  ...getOutboxMessageRoute,
  summary: 'One notification as each recipient gets it: subject, text and links',
  description:
    'The links carry the patient’s tokens: each read is written to the audit log. Another clinic’s message is a 404.',
  params: outboxIdParams,
  responses: { 200: outboxMessageDetail },
  errors: [404],
});

export const resendOutboxMessageEndpoint = defineEndpoint({
  ...admins,
  ...resendOutboxMessageRoute,
  summary: 'Queue a notification to be sent again at once',
  params: outboxIdParams,
  responses: { 200: outboxMessage },
  errors: [404, 409],
});

/**
 * Admins and the front desk (role `staff`) read a record's messages: they answer the patient who
 * asks whether a message went out. Providers and nurses do not (ADR 036, amended).
 */
const frontDesk = { access: { roles: ['admin', 'staff'] } } as const;

export const listPatientMessagesEndpoint = defineEndpoint({
  tag: 'Patients',
  ...frontDesk,
  ...listPatientMessagesRoute,
  summary: 'Every e-mail and text about a patient, as sent, newest first',
  description:
    'E-mails about the patient’s appointments, waitlist offers and texts to them. The links carry the patient’s tokens: each read is written to the audit log. Another clinic’s patient is a 404.',
  params: idParams,
  responses: { 200: recordMessages },
  errors: [404],
});

export const listAppointmentMessagesEndpoint = defineEndpoint({
  tag: 'Appointments',
  ...frontDesk,
  ...listAppointmentMessagesRoute,
  summary: 'Every e-mail and text about an appointment, as sent, newest first',
  description:
    'The links carry the patient’s tokens: each read is written to the audit log. Another clinic’s appointment is a 404.',
  params: idParams,
  responses: { 200: recordMessages },
  errors: [404],
});
