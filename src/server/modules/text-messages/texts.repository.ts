// The texts' SQL (ADR 050): texts are outbox rows on the 'sms' channel; replies and each number's
// STOP are tables of their own.
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { OPEN_STATUSES } from '@domain/appointment-status';
import type { ReplyAction, TextDeliveryStatus } from '@domain/text-messages';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';
import { patientGreetingName } from '../../db/clinic-columns';
import { claimDue } from '../notifications';

export type TextRow = typeof t.outbox.$inferSelect;

/**
 * Claims due texts for one attempt, as the e-mails are claimed: the lease pushes the next attempt
 * forward, and SKIP LOCKED keeps two instances off one text.
 */
export function claimDueTexts(db: Executor, now: Date, leaseMs: number, limit: number) {
  return claimDue(db, now, leaseMs, limit, 'sms');
}

/** What a text about a visit is written from, read when it goes. */
export async function visitsOfTexts(db: Executor, appointmentIds: readonly string[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select({
      appointmentId: t.appointments.id,
      startAt: t.appointments.startAt,
      status: t.appointments.status,
      token: t.appointments.token,
      firstName: patientGreetingName,
      remindersOptOut: t.patients.remindersOptOut,
      language: t.patients.preferredLanguage,
    })
    .from(t.appointments)
    .innerJoin(t.patients, eq(t.patients.id, t.appointments.patientId))
    .where(inArray(t.appointments.id, [...appointmentIds]));
}
export type TextVisit = Awaited<ReturnType<typeof visitsOfTexts>>[number];

/** The clinics' settings a text goes by: its name, clock, quiet hours and sending number. */
export async function clinicsOfTexts(db: Executor, clinicIds: readonly string[]) {
  if (clinicIds.length === 0) return [];
  return db
    .select({
      id: t.clinics.id,
      name: t.clinics.name,
      timezone: t.clinics.timezone,
      phone: t.clinics.phone,
      quietHoursStart: t.clinics.quietHoursStart,
      quietHoursEnd: t.clinics.quietHoursEnd,
      textNumber: t.clinics.textNumber,
      defaultLanguage: t.clinics.defaultLanguage,
    })
    .from(t.clinics)
    .where(inArray(t.clinics.id, [...clinicIds]));
}
export type TextClinic = Awaited<ReturnType<typeof clinicsOfTexts>>[number];

/** A text due in quiet hours waits for their end; the claim that found it does not count. */
export async function deferText(db: Executor, id: number, until: Date) {
  await db
    .update(t.outbox)
    .set({ nextAttemptAt: until, attempts: sql`greatest(${t.outbox.attempts} - 1, 0)` })
    .where(eq(t.outbox.id, id));
}

/** A text that will not go, and why. */
export async function settleText(
  db: Executor,
  id: number,
  status: 'withdrawn' | 'dropped',
  reason: string,
) {
  await db.update(t.outbox).set({ status, lastError: reason }).where(eq(t.outbox.id, id));
}

/**
 * The gateway took the text. A report that came back before this (Kannel's can) is kept: a text
 * already delivered is not set back to sent.
 */
export async function markTextSent(
  db: Executor,
  id: number,
  now: Date,
  sent: { body: string; gateway: string; gatewayId: string },
) {
  await db
    .update(t.outbox)
    .set({
      status: 'sent',
      sentAt: now,
      lastError: null,
      body: sent.body,
      gateway: sent.gateway,
      gatewayId: sent.gatewayId,
      deliveryStatus: sql`case when ${t.outbox.deliveryStatus} in ('delivered', 'failed')
        then ${t.outbox.deliveryStatus} else 'sent' end`,
    })
    .where(eq(t.outbox.id, id));
}

/** Many texts the gateway took, marked sent in one statement, each as `markTextSent` does. */
export async function markTextsSent(
  db: Executor,
  now: Date,
  sent: ReadonlyArray<{ id: number; body: string; gateway: string; gatewayId: string }>,
) {
  if (sent.length === 0) return;
  const values = sql.join(
    sent.map(
      (s) => sql`(${s.id}::bigint, ${s.body}::text, ${s.gateway}::text, ${s.gatewayId}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${t.outbox} o set status = 'sent', sent_at = ${now.toISOString()}::timestamptz,
      last_error = null, body = v.body, gateway = v.gateway, gateway_id = v.gateway_id,
      delivery_status = case when o.delivery_status in ('delivered', 'failed')
        then o.delivery_status else 'sent' end
    from (values ${values}) as v(id, body, gateway, gateway_id)
    where o.id = v.id`);
}

export async function markTextAttempt(
  db: Executor,
  id: number,
  error: string,
  body: string | null,
  next: { retryAt: Date } | { giveUp: true },
) {
  await db
    .update(t.outbox)
    .set(
      'giveUp' in next
        ? { status: 'failed', deliveryStatus: 'failed', lastError: error.slice(0, 1000), body }
        : { lastError: error.slice(0, 1000), nextAttemptAt: next.retryAt, body },
    )
    .where(eq(t.outbox.id, id));
}

/**
 * A gateway's report of a text, found by its id at the gateway. Reports may come out of order
 * (delivered, then a late "sent"): delivered and failed are final. Answers whether a text of ours
 * was found.
 */
export async function recordDeliveryReport(
  db: Executor,
  gateway: string,
  gatewayId: string,
  status: Exclude<TextDeliveryStatus, 'queued'>,
  now: Date,
  error: string | null,
): Promise<boolean> {
  const rows = await db
    .update(t.outbox)
    .set({
      deliveryStatus: sql`case when ${t.outbox.deliveryStatus} in ('delivered', 'failed')
        then ${t.outbox.deliveryStatus} else ${status} end`,
      deliveredAt: status === 'delivered' ? now : sql`${t.outbox.deliveredAt}`,
      lastError: error ?? sql`${t.outbox.lastError}`,
    })
    .where(
      and(
        eq(t.outbox.channel, 'sms'),
        eq(t.outbox.gateway, gateway),
        eq(t.outbox.gatewayId, gatewayId),
      ),
    )
    .returning({ id: t.outbox.id });
  return rows.length > 0;
}

/** Kannel's report names our own id (its dlr-url carries it): the text it took under that id. */
export async function recordKannelReport(
  db: Executor,
  id: number,
  status: Exclude<TextDeliveryStatus, 'queued'>,
  now: Date,
) {
  // The report may come before the worker has marked the text sent: its gateway id is set here.
  const rows = await db
    .update(t.outbox)
    .set({
      gateway: 'kannel',
      gatewayId: String(id),
      deliveryStatus: sql`case when ${t.outbox.deliveryStatus} in ('delivered', 'failed')
        then ${t.outbox.deliveryStatus} else ${status} end`,
      deliveredAt: status === 'delivered' ? now : sql`${t.outbox.deliveredAt}`,
    })
    .where(and(eq(t.outbox.id, id), eq(t.outbox.channel, 'sms')))
    .returning({ id: t.outbox.id });
  return rows.length > 0;
}

/** The clinic whose own sending number this is. */
export async function clinicByTextNumber(db: Executor, number: string) {
  const [row] = await db
    .select({ id: t.clinics.id })
    .from(t.clinics)
    .where(eq(t.clinics.textNumber, number))
    .limit(1);
  return row?.id ?? null;
}

/** The last text sent to a number (of one clinic, when said): whose conversation a reply is. */
export async function lastTextTo(db: Executor, number: string, clinicId: string | null) {
  const [row] = await db
    .select({ clinicId: t.outbox.clinicId, patientId: t.outbox.patientId })
    .from(t.outbox)
    .where(
      and(
        eq(t.outbox.channel, 'sms'),
        eq(t.outbox.toNumber, number),
        clinicId ? eq(t.outbox.clinicId, clinicId) : undefined,
      ),
    )
    .orderBy(desc(t.outbox.id))
    .limit(1);
  return row;
}

/** A clinic's patients whose phone may be this number (its last seven digits), for the caller to read. */
export async function patientsMaybeAt(db: Executor, clinicId: string, number: string) {
  return db
    .select({ id: t.patients.id, phone: t.patients.phone })
    .from(t.patients)
    .where(
      and(
        eq(t.patients.clinicId, clinicId),
        sql`${t.patients.phoneDigits} like ${`%${number.replace(/\D/g, '').slice(-7)}`}`,
        sql`${t.patients.mergedIntoId} is null and ${t.patients.erasedAt} is null`,
      ),
    )
    .limit(20);
}

export interface ReplyInsert {
  clinicId: string;
  patientId: string | null;
  fromNumber: string;
  toNumber: string | null;
  body: string;
  action: ReplyAction;
  gateway: string;
  gatewayMessageId: string | null;
  receivedAt: Date;
}

/** Keeps a reply; null when the gateway delivered this one already (its retry). */
export async function insertReply(db: Executor, reply: ReplyInsert): Promise<number | null> {
  const rows = await db
    .insert(t.textReplies)
    .values(reply)
    .onConflictDoNothing()
    .returning({ id: t.textReplies.id });
  return rows[0]?.id ?? null;
}

export async function setReplyOutcome(db: Executor, id: number, outcome: string) {
  await db.update(t.textReplies).set({ outcome }).where(eq(t.textReplies.id, id));
}

/** STOP (a time) or START (null) of a number at a clinic. */
export async function setNumberStopped(
  db: Executor,
  clinicId: string,
  number: string,
  stoppedAt: Date | null,
  now: Date,
) {
  await db
    .insert(t.textNumberStates)
    .values({ clinicId, number, stoppedAt, updatedAt: now })
    .onConflictDoUpdate({
      target: [t.textNumberStates.clinicId, t.textNumberStates.number],
      set: { stoppedAt, updatedAt: now },
    });
}

/** The language a patient's record prefers, if any: the answers to their replies are in it. */
export async function preferredLanguageOf(db: Executor, patientId: string) {
  const [row] = await db
    .select({ language: t.patients.preferredLanguage })
    .from(t.patients)
    .where(eq(t.patients.id, patientId))
    .limit(1);
  return row?.language ?? null;
}

/** The patient's next open visit: what C confirms and R links to. */
export async function nextVisitOf(db: Executor, patientId: string, now: Date) {
  const [row] = await db
    .select({
      id: t.appointments.id,
      startAt: t.appointments.startAt,
      token: t.appointments.token,
      status: t.appointments.status,
    })
    .from(t.appointments)
    .where(
      and(
        eq(t.appointments.patientId, patientId),
        gt(t.appointments.startAt, now),
        inArray(t.appointments.status, [...OPEN_STATUSES]),
      ),
    )
    .orderBy(asc(t.appointments.startAt))
    .limit(1);
  return row;
}

/** An answer to a reply: a text of its own, sent at once (the patient just wrote). */
export async function queueAnswer(
  db: Executor,
  answer: { clinicId: string; patientId: string | null; to: string; text: string; now: Date },
) {
  await db.insert(t.outbox).values({
    kind: 'text.answer',
    channel: 'sms',
    clinicId: answer.clinicId,
    patientId: answer.patientId,
    toNumber: answer.to,
    deliveryStatus: 'queued',
    recipients: [{ email: null, name: answer.to, role: 'patient' }],
    payload: { text: answer.text },
    nextAttemptAt: answer.now,
    createdAt: answer.now,
  });
}
