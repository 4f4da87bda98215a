// A patient's texts on their record (ADR 050): the channel they chose, their consent, the texts
// sent them and their replies.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  PatientText,
  PatientTexts,
  SendPatientTextBody,
  TextPreference,
  UpdateTextPreferenceBody,
} from '@contracts/text-messages';
import { sendPatientTextBody, updateTextPreferenceBody } from '@contracts/text-messages';
import { toE164 } from '@domain/phone-numbers';
import type { TextConsentMethod, TextDeliveryStatus, TextKind } from '@domain/text-messages';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../errors';
import { recordAudit, recordReadAudit } from '../audit';
import { stoppedNumbers } from '../notifications';
import { requirePatientEditor } from '../patients';

const NOT_FOUND = 'Patient not found.';
const LIST_LIMIT = 100;

async function findPatient(db: Executor, ctx: RequestContext, id: string, lock = false) {
  const query = db
    .select({
      id: t.patients.id,
      clinicId: t.patients.clinicId,
      phone: t.patients.phone,
      channel: t.patients.contactChannel,
      kinds: t.patients.textKinds,
      consentAt: t.patients.textConsentAt,
      consentMethod: t.patients.textConsentMethod,
      consentBy: t.patients.textConsentBy,
      country: t.clinics.textCountry,
      editorRoles: t.clinics.patientEditorRoles,
    })
    .from(t.patients)
    .innerJoin(t.clinics, eq(t.clinics.id, t.patients.clinicId))
    .where(and(eq(t.patients.id, id), inArray(t.patients.clinicId, [...ctx.user.clinicIds])))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: t.patients }) : await query;
  if (!row) throw notFound(NOT_FOUND);
  return row;
}
type PatientRow = Awaited<ReturnType<typeof findPatient>>;

async function preferenceOf(db: Executor, row: PatientRow): Promise<TextPreference> {
  const number = row.phone ? toE164(row.phone, row.country) : null;
  const stopped = number
    ? (await stoppedNumbers(db, [{ clinicId: row.clinicId, number }])).size > 0
    : false;
  return {
    channel: row.channel === 'sms' ? 'sms' : 'email',
    kinds: row.kinds as TextKind[],
    number,
    consent:
      row.consentAt && row.consentMethod
        ? {
            at: row.consentAt.toISOString(),
            method: row.consentMethod as TextConsentMethod,
            by: row.consentBy,
          }
        : null,
    stopped,
  };
}

type OutboxRow = typeof t.outbox.$inferSelect;

/** A text as the record shows it; a staff text not yet sent shows the words it will send. */
function patientTextOf(text: OutboxRow): PatientText {
  return {
    id: text.id,
    kind: text.kind,
    to: text.toNumber ?? '',
    body:
      text.body ?? (text.kind === STAFF_TEXT_KIND ? (text.payload as { text: string }).text : null),
    status: text.status,
    deliveryStatus: (text.deliveryStatus ?? 'queued') as TextDeliveryStatus,
    attempts: text.attempts,
    lastError: text.lastError,
    createdAt: text.createdAt.toISOString(),
    sentAt: text.sentAt?.toISOString() ?? null,
    deliveredAt: text.deliveredAt?.toISOString() ?? null,
  };
}

/** The kind of staff's own text to a patient, written on their record. */
export const STAFF_TEXT_KIND = 'text.staff';

/**
 * Staff answer a patient by text from their record (issue 44, ADR 050): through the outbox, as
 * every text. Never to a number that said STOP; to a patient who consented to texts or wrote to
 * the clinic. The worker holds it through quiet hours unless it answers a reply the patient sent
 * within the hour (`answersReplyAt`): they are at their phone.
 */
export async function sendPatientText(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  input: SendPatientTextBody,
): Promise<PatientText> {
  const body = sendPatientTextBody.parse(input);
  const db = deps.db.db;
  const row = await findPatient(db, ctx, id);
  requirePatientEditor(ctx, row.editorRoles);
  const number = row.phone ? toE164(row.phone, row.country) : null;
  if (!number) {
    throw unprocessable(
      row.phone
        ? `“${row.phone}” is not a phone number that can get texts. Correct the patient’s phone number first.`
        : 'The patient has no phone number on their record. Add one first.',
    );
  }
  const [lastReply] = await db
    .select({ receivedAt: t.textReplies.receivedAt })
    .from(t.textReplies)
    .where(and(eq(t.textReplies.patientId, id), eq(t.textReplies.clinicId, row.clinicId)))
    .orderBy(desc(t.textReplies.id))
    .limit(1);
  if (!row.consentAt && !lastReply) {
    throw unprocessable(
      'The patient has not agreed to texts and has not texted the clinic. Record their consent first.',
    );
  }
  if ((await stoppedNumbers(db, [{ clinicId: row.clinicId, number }])).size > 0) {
    throw conflict(
      'This patient replied STOP: the clinic sends them no texts until they reply START. Call or e-mail them instead.',
    );
  }
  const now = deps.now();
  return db.transaction(async (tx) => {
    const [queued] = await tx
      .insert(t.outbox)
      .values({
        kind: STAFF_TEXT_KIND,
        channel: 'sms',
        clinicId: row.clinicId,
        patientId: id,
        toNumber: number,
        deliveryStatus: 'queued',
        recipients: [{ email: null, name: number, role: 'patient' }],
        payload: {
          text: body.text,
          by: ctx.user.id,
          answersReplyAt: lastReply?.receivedAt.toISOString() ?? null,
        },
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      { userId: ctx.user.id, ip: ctx.ip },
      [
        {
          action: 'create',
          entityType: 'notification',
          entityId: null,
          patientId: id,
          details: { text: queued!.id },
        },
      ],
      now,
    );
    return patientTextOf(queued!);
  });
}

/** The patient's choice and consent, the texts sent them (newest first) and their replies. */
export async function getPatientTexts(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<PatientTexts> {
  const db = deps.db.db;
  const row = await findPatient(db, ctx, id);
  const [texts, replies, preference] = await Promise.all([
    db
      .select()
      .from(t.outbox)
      .where(and(eq(t.outbox.patientId, id), eq(t.outbox.channel, 'sms')))
      .orderBy(desc(t.outbox.id))
      .limit(LIST_LIMIT),
    db
      .select()
      .from(t.textReplies)
      .where(eq(t.textReplies.patientId, id))
      .orderBy(desc(t.textReplies.id))
      .limit(LIST_LIMIT),
    preferenceOf(db, row),
  ]);
  // The texts carry the patient's visit links: who read them is kept, as for e-mails (ADR 036).
  await recordReadAudit(
    db,
    { userId: ctx.user.id, ip: ctx.ip },
    [
      {
        action: 'read',
        entityType: 'notification',
        entityId: null,
        patientId: id,
        details: { texts: texts.length, replies: replies.length },
      },
    ],
    deps.now(),
  );
  return {
    preference,
    texts: texts.map(patientTextOf),
    replies: replies.map((reply) => ({
      id: reply.id,
      from: reply.fromNumber,
      body: reply.body,
      action: reply.action as PatientTexts['replies'][number]['action'],
      outcome: reply.outcome,
      receivedAt: reply.receivedAt.toISOString(),
    })),
  };
}

/**
 * Chooses e-mail or texts for a patient. Texts need a consent, recorded with its time, how it
 * was given and who recorded it, and a number valid in the clinic's country (a new one may be
 * given here); an invalid number is refused in words, and nothing is saved.
 */
export async function updateTextPreference(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  input: UpdateTextPreferenceBody,
): Promise<TextPreference> {
  const body = updateTextPreferenceBody.parse(input);
  return deps.db.db.transaction(async (tx) => {
    const row = await findPatient(tx, ctx, id, true);
    requirePatientEditor(ctx, row.editorRoles);
    const now = deps.now();
    const phone = body.phone ?? row.phone;
    const number = phone ? toE164(phone, row.country) : null;
    if (body.channel === 'sms' && !number) {
      throw unprocessable(
        phone
          ? `“${phone}” is not a phone number that can get texts in ${row.country}. Write it with its country code (such as +1 212 555 0100), or choose e-mail.`
          : 'The patient has no phone number on their record. Add one, or choose e-mail.',
        { fields: [{ field: 'phone', message: 'is not a valid mobile number' }] },
      );
    }
    if (body.phone !== undefined && !number) {
      throw unprocessable(
        `“${body.phone}” is not a valid phone number in ${row.country}. Write it with its country code (such as +1 212 555 0100).`,
        { fields: [{ field: 'phone', message: 'is not a valid phone number' }] },
      );
    }
    const consentGiven = body.consentMethod !== undefined;
    const keepsConsent = !body.withdrawConsent && row.consentAt !== null;
    if (body.channel === 'sms' && !consentGiven && !keepsConsent) {
      throw unprocessable(
        'Texts need the patient’s consent: say how they gave it (verbal, written, online or by text).',
        { fields: [{ field: 'consentMethod', message: 'is required to choose texts' }] },
      );
    }
    const consent = consentGiven
      ? { textConsentAt: now, textConsentMethod: body.consentMethod!, textConsentBy: ctx.user.id }
      : body.withdrawConsent
        ? { textConsentAt: null, textConsentMethod: null, textConsentBy: null }
        : {};
    const [updated] = await tx
      .update(t.patients)
      .set({
        contactChannel: body.channel,
        textKinds: [...new Set(body.kinds)],
        ...(body.phone !== undefined ? { phone: number } : {}),
        ...consent,
        version: sql`${t.patients.version} + 1`,
        updatedAt: now,
      })
      .where(eq(t.patients.id, id))
      .returning({
        channel: t.patients.contactChannel,
        kinds: t.patients.textKinds,
        phone: t.patients.phone,
        consentAt: t.patients.textConsentAt,
        consentMethod: t.patients.textConsentMethod,
        consentBy: t.patients.textConsentBy,
      });
    await recordAudit(
      tx,
      { userId: ctx.user.id, ip: ctx.ip },
      [
        {
          action: 'update',
          entityType: 'patient',
          entityId: id,
          patientId: id,
          details: {
            changes: [
              { field: 'contactChannel', from: row.channel, to: body.channel },
              ...(consentGiven
                ? [{ field: 'textConsent', from: row.consentMethod, to: body.consentMethod }]
                : body.withdrawConsent
                  ? [{ field: 'textConsent', from: row.consentMethod, to: null }]
                  : []),
            ],
          },
        },
      ],
      now,
    );
    return preferenceOf(tx, { ...row, ...updated! });
  });
}
