// A text in place of an e-mail (ADR 050). A reminder or a booking message to a patient who chose
// texts, consented, and has a valid number that has not said STOP, gets a text twin when it falls
// due: an outbox row on the 'sms' channel naming its e-mail in source_outbox_id, unique, so that
// however many workers and instances plan it, there is one text. Every worker plans before it
// claims, so the e-mail worker knows, when it sends, that the patient's part went by text.
import { and, asc, eq, gt, inArray, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toE164 } from '@domain/phone-numbers';
import type { Executor } from '../../db/client';
import { patientGreetingName } from '../../db/clinic-columns';
import * as t from '../../db/schema';

/** The e-mail kinds a text stands in for, and which of the patient's choices each falls under. */
export const TEXT_TWIN_KINDS = {
  'appointment.booked': 'change',
  'appointment.rescheduled': 'change',
  'appointment.reassigned': 'change',
  'appointment.cancelled': 'change',
  'appointment.reminder': 'reminder',
  // An offer of earlier time is about the patient's booking: it goes with the booking messages.
  'waitlist.offer': 'change',
} as const;

/** The kind of a text: its e-mail's kind under `text.`; an answer to a reply is 'text.answer'. */
export const textKindOf = (emailKind: string) => `text.${emailKind}`;

const PLAN_BATCH = 500;
const OFFER_TWIN_KIND = 'waitlist.offer';
const twin = alias(t.outbox, 'twin');

/** What planning a twin reads of an e-mail, its patient and its clinic. */
const twinSourceColumns = {
  id: t.outbox.id,
  kind: t.outbox.kind,
  clinicId: t.clinics.id,
  appointmentId: t.outbox.appointmentId,
  payload: t.outbox.payload,
  patientId: t.patients.id,
  firstName: patientGreetingName,
  phone: t.patients.phone,
  country: t.clinics.textCountry,
  language: t.patients.preferredLanguage,
};

/**
 * An e-mail past `afterId` that is due now and has no twin yet, to a patient who chose texts,
 * consented and has a number; the caller adds which kinds and which of the patient's choices.
 */
function dueWithoutTwin(db: Executor, now: Date, afterId: number, claimed?: readonly number[]) {
  return [
    gt(t.outbox.id, afterId),
    eq(t.outbox.channel, 'email'),
    eq(t.outbox.status, 'pending'),
    // Claimed e-mails are due whatever their lease now says (planTextTwins).
    claimed ? inArray(t.outbox.id, [...claimed]) : lte(t.outbox.nextAttemptAt, now),
    eq(t.patients.contactChannel, 'sms'),
    sql`${t.patients.textConsentAt} is not null`,
    sql`${t.patients.phone} is not null`,
    notExists(
      db
        .select({ one: sql`1` })
        .from(twin)
        .where(eq(twin.sourceOutboxId, t.outbox.id)),
    ),
  ];
}

/** Due e-mails of the kinds above whose patient takes texts of that kind, and has no twin yet. */
async function dueForText(db: Executor, now: Date, afterId: number, claimed?: readonly number[]) {
  return db
    .select(twinSourceColumns)
    .from(t.outbox)
    .innerJoin(t.appointments, eq(t.appointments.id, t.outbox.appointmentId))
    .innerJoin(t.patients, eq(t.patients.id, t.appointments.patientId))
    .innerJoin(t.clinics, eq(t.clinics.id, t.appointments.clinicId))
    .where(
      and(
        inArray(t.outbox.kind, Object.keys(TEXT_TWIN_KINDS)),
        sql`(case when ${t.outbox.kind} = 'appointment.reminder' then 'reminder' else 'change' end) = any(${t.patients.textKinds})`,
        ...dueWithoutTwin(db, now, afterId, claimed),
      ),
    )
    .orderBy(asc(t.outbox.id))
    .limit(PLAN_BATCH);
}

/**
 * Due waitlist offers whose patient takes texts of booking changes, and has no twin yet: an offer
 * has no appointment, its patient is its waitlist entry's, found by the offer's token.
 */
async function dueOffersForText(
  db: Executor,
  now: Date,
  afterId: number,
  claimed?: readonly number[],
) {
  return db
    .select(twinSourceColumns)
    .from(t.outbox)
    .innerJoin(t.waitlistOffers, sql`${t.waitlistOffers.token} = ${t.outbox.payload} ->> 'token'`)
    .innerJoin(t.waitlistEntries, eq(t.waitlistEntries.id, t.waitlistOffers.entryId))
    .innerJoin(t.patients, eq(t.patients.id, t.waitlistEntries.patientId))
    .innerJoin(t.clinics, eq(t.clinics.id, t.patients.clinicId))
    .where(
      and(
        eq(t.outbox.kind, OFFER_TWIN_KIND),
        sql`'change' = any(${t.patients.textKinds})`,
        ...dueWithoutTwin(db, now, afterId, claimed),
      ),
    )
    .orderBy(asc(t.outbox.id))
    .limit(PLAN_BATCH);
}

/** Which of `numbers` said STOP to `clinicId`'s texts (and not START since). */
export async function stoppedNumbers(
  db: Executor,
  pairs: ReadonlyArray<{ clinicId: string; number: string }>,
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db
    .select({ clinicId: t.textNumberStates.clinicId, number: t.textNumberStates.number })
    .from(t.textNumberStates)
    .where(
      and(
        inArray(
          t.textNumberStates.number,
          pairs.map((p) => p.number),
        ),
        sql`${t.textNumberStates.stoppedAt} is not null`,
      ),
    );
  return new Set(rows.map((r) => `${r.clinicId}/${r.number}`));
}

/**
 * Plans the text twins of every e-mail due now (visits' messages, then waitlist offers); answers how many it planned. A patient whose
 * number is not valid or said STOP gets no twin, and their e-mail goes as before.
 */
export async function planTextTwins(
  db: Executor,
  now: Date,
  /**
   * E-mails just claimed, planned whatever their due time: one that fell due between the
   * planning before the claim and the claim itself (written due by another transaction that
   * committed in between) was claimed without its twin, and would have gone by e-mail alone.
   */
  claimed?: readonly number[],
): Promise<number> {
  if (claimed?.length === 0) return 0;
  let planned = 0;
  for (const dueOf of [dueForText, dueOffersForText])
    planned += await planFrom(db, now, dueOf, claimed);
  return planned;
}

async function planFrom(
  db: Executor,
  now: Date,
  dueOf: typeof dueForText,
  claimed?: readonly number[],
): Promise<number> {
  let planned = 0;
  let afterId = 0;
  for (;;) {
    const due = await dueOf(db, now, afterId, claimed);
    const withNumbers = due.flatMap((row) => {
      const number = row.phone ? toE164(row.phone, row.country) : null;
      return number ? [{ ...row, number }] : [];
    });
    const stopped = await stoppedNumbers(db, withNumbers);
    const rows = withNumbers
      .filter((row) => !stopped.has(`${row.clinicId}/${row.number}`))
      .map((row) => ({
        kind: textKindOf(row.kind),
        channel: 'sms',
        sourceOutboxId: row.id,
        appointmentId: row.appointmentId,
        clinicId: row.clinicId,
        patientId: row.patientId,
        toNumber: row.number,
        deliveryStatus: 'queued',
        // The patient's language as their record says when the text is planned (issue 44).
        recipients: [{ email: null, name: row.firstName, role: 'patient', language: row.language }],
        payload: row.payload,
        nextAttemptAt: now,
        createdAt: now,
      }));
    if (rows.length) {
      // Another worker may have planned some of them a moment ago: theirs stand.
      const inserted = await db
        .insert(t.outbox)
        .values(rows)
        .onConflictDoNothing({
          target: t.outbox.sourceOutboxId,
          where: sql`${t.outbox.sourceOutboxId} is not null`,
        })
        .returning({ id: t.outbox.id });
      planned += inserted.length;
    }
    // Rows left without a twin (no valid number, STOP) are passed by, not found again.
    if (due.length < PLAN_BATCH) return planned;
    afterId = due[due.length - 1]!.id;
  }
}

/** The e-mails among `ids` that have a text twin: their patient is not e-mailed. */
export async function textTwinned(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: t.outbox.sourceOutboxId })
    .from(t.outbox)
    .where(inArray(t.outbox.sourceOutboxId, [...ids]));
  return new Set(rows.map((r) => r.id!));
}
