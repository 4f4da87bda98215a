import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { insertPrepared } from '../../db/prepared-insert';
import { unionAll } from 'drizzle-orm/pg-core';
import { patientFullName } from '../../db/clinic-columns';
import * as t from '../../db/schema';
import { HOLD_KIND, OFFER_KIND } from './kept-time-messages';

export type OutboxRow = typeof t.outbox.$inferSelect;

/**
 * Claims due messages of one channel for one delivery attempt. The claim pushes next_attempt_at
 * forward (a lease), so a worker that dies mid-send leaves them to be retried, and SKIP LOCKED
 * keeps two instances from claiming the same row. E-mails are claimed here by default; texts have
 * a worker of their own (ADR 050) that claims the 'sms' channel.
 */
export async function claimDue(
  db: Executor,
  now: Date,
  leaseMs: number,
  limit: number,
  channel: 'email' | 'sms' = 'email',
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: t.outbox.id })
      .from(t.outbox)
      .where(
        and(
          eq(t.outbox.status, 'pending'),
          lte(t.outbox.nextAttemptAt, now),
          eq(t.outbox.channel, channel),
        ),
      )
      .orderBy(asc(t.outbox.nextAttemptAt), asc(t.outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(t.outbox)
      .set({
        attempts: sql`${t.outbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
      })
      .where(
        inArray(
          t.outbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markSent(db: Executor, id: number, now: Date) {
  await db
    .update(t.outbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(eq(t.outbox.id, id));
}

export async function markFailedAttempt(
  db: Executor,
  id: number,
  error: string,
  next: { retryAt: Date } | { giveUp: true },
) {
  await db
    .update(t.outbox)
    .set(
      'giveUp' in next
        ? { status: 'failed', lastError: error.slice(0, 1000) }
        : { lastError: error.slice(0, 1000), nextAttemptAt: next.retryAt },
    )
    .where(eq(t.outbox.id, id));
}

export interface OutboxViewer {
  clinicIds: readonly string[];
  email: string;
}

/**
 * Messages about no clinic (a notice about several clinics' systems, or a row older than its
 * clinic column whose clinic was lost) are the viewer's only if sent to them: they name other
 * clinics' systems.
 */
const sentToViewer = (viewer: OutboxViewer) => sql`${t.outbox.clinicId} is null and exists (
    select 1 from jsonb_array_elements(${t.outbox.recipients}) r
    where lower(r ->> 'email') = ${viewer.email.toLowerCase()})`;

/** The messages an admin may see: those about their clinics, and the clinic-less sent to them. */
function visibleTo(viewer: OutboxViewer): SQL {
  const inClinics = viewer.clinicIds.length
    ? inArray(t.outbox.clinicId, [...viewer.clinicIds])
    : sql`false`;
  return or(inClinics, sentToViewer(viewer))!;
}

/**
 * The viewer's messages, newest first. A branch per clinic reads outbox_clinic_idx backwards and
 * stops after the page (an OR of the clinics would read all of their rows and sort them); the
 * branches are merged, and so is the one of messages about no clinic.
 */
export async function listVisible(
  db: Executor,
  viewer: OutboxViewer,
  filter: { status?: string; kind?: string; limit: number; offset: number },
) {
  const filters = [
    filter.status ? eq(t.outbox.status, filter.status) : undefined,
    filter.kind ? eq(t.outbox.kind, filter.kind) : undefined,
    // An e-mail its patient was texted instead, with nobody else on it, went to nobody: its
    // text is a row of its own (ADR 050).
    sql`not (exists (select 1 from ${t.outbox} twin where twin.source_outbox_id = ${t.outbox.id})
      and not exists (select 1 from jsonb_array_elements(${t.outbox.recipients}) r
                       where r ->> 'role' <> 'patient'))`,
  ];
  const branch = (where: SQL, take: number) =>
    db
      .select()
      .from(t.outbox)
      .where(and(where, ...filters))
      .orderBy(desc(t.outbox.id))
      .limit(take);
  const take = filter.offset + filter.limit;
  const [first, ...rest] = [
    ...viewer.clinicIds.map((id) => branch(eq(t.outbox.clinicId, id), take)),
    branch(sentToViewer(viewer), take),
  ];
  if (rest.length === 0) return branch(sentToViewer(viewer), filter.limit).offset(filter.offset);
  return unionAll(first!, rest[0]!, ...rest.slice(1))
    .orderBy(desc(t.outbox.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** One message, if the viewer may see it; another clinic's is as absent as one never queued. */
export async function findVisible(db: Executor, id: number, viewer: OutboxViewer) {
  const [row] = await db
    .select()
    .from(t.outbox)
    .where(and(eq(t.outbox.id, id), visibleTo(viewer)))
    .limit(1);
  return row;
}

/**
 * The patient a message is about, for the audit of who saw it: its appointment's; a waitlist
 * offer's patient, found by the offer's token; a confirmed online booking's patient, found by
 * the hold's token hash (an unconfirmed hold has no patient yet). Null for a notice to admins.
 */
export async function patientOfMessage(db: Executor, row: OutboxRow): Promise<string | null> {
  const token = (row.payload as { token?: unknown }).token;
  const byToken = typeof token === 'string' ? token : null;
  const [found] = await queryRows<{ patientId: string | null }>(
    db,
    sql`select coalesce(
      (select a.patient_id from ${t.appointments} a where a.id = ${row.appointmentId}::uuid),
      (select e.patient_id from ${t.waitlistOffers} w
         join ${t.waitlistEntries} e on e.id = w.entry_id
        where ${row.kind} = ${OFFER_KIND} and w.token = ${byToken}),
      (select a.patient_id from ${t.onlineBookingHolds} h
         join ${t.appointments} a on a.id = h.appointment_id
        where ${row.kind} = ${HOLD_KIND}
          and h.token_hash = encode(sha256(convert_to(${byToken}::text, 'UTF8')), 'hex'))
    ) as "patientId"`,
  );
  return found?.patientId ?? null;
}

export async function requeue(db: Executor, id: number, now: Date) {
  const [row] = await db
    .update(t.outbox)
    .set({ status: 'pending', nextAttemptAt: now, attempts: 0, lastError: null })
    .where(eq(t.outbox.id, id))
    .returning();
  return row;
}

/**
 * The patient of an appointment as their record says now: a message queued before someone
 * corrected the e-mail goes to the corrected one.
 */
export async function currentPatientContact(db: Executor, appointmentId: string) {
  const [row] = await db
    .select({
      email: t.patients.email,
      name: patientFullName,
      language: t.patients.preferredLanguage,
    })
    .from(t.appointments)
    .innerJoin(t.patients, eq(t.patients.id, t.appointments.patientId))
    .where(eq(t.appointments.id, appointmentId))
    .limit(1);
  return row;
}

/**
 * The patient a waitlist offer was made to, as their record says now (their e-mail and language);
 * the offer has no appointment, its entry names the patient.
 */
export async function currentOfferPatientContact(db: Executor, token: string) {
  const [row] = await db
    .select({
      email: t.patients.email,
      name: patientFullName,
      language: t.patients.preferredLanguage,
    })
    .from(t.waitlistOffers)
    .innerJoin(t.waitlistEntries, eq(t.waitlistEntries.id, t.waitlistOffers.entryId))
    .innerJoin(t.patients, eq(t.patients.id, t.waitlistEntries.patientId))
    .where(eq(t.waitlistOffers.token, token))
    .limit(1);
  return row;
}

/**
 * What messages say of their clinics: where it is, its phone, its patients' default language, and
 * its reminders (the alarms of calendar files).
 */
export async function messageClinics(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: t.clinics.id,
      address: t.clinics.address,
      phone: t.clinics.phone,
      defaultLanguage: t.clinics.defaultLanguage,
      reminderOffsetsMinutes: t.clinics.reminderOffsetsMinutes,
    })
    .from(t.clinics)
    .where(inArray(t.clinics.id, [...ids]));
}

/** Staff who turned off emails of this kind (users.notification_prefs[event] = false). */
export async function staffOptedOut(
  db: Executor,
  emails: readonly string[],
  event: string,
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: t.users.email })
    .from(t.users)
    .where(
      and(
        inArray(
          sql`lower(${t.users.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
        sql`(${t.users.notificationPrefs} ->> ${event}) = 'false'`,
      ),
    );
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

/**
 * Messages are due from the change's own time (the app's clock, the database's in production),
 * not from whenever the insert's default would say: a worker on the same clock then finds them.
 */
export async function insertOutbox(
  db: Executor,
  rows: ReadonlyArray<typeof t.outbox.$inferInsert>,
  now: Date,
) {
  if (rows.length) {
    await insertPrepared(
      db,
      t.outbox,
      rows.map((row) => ({ createdAt: now, nextAttemptAt: now, ...row })),
    );
  }
}

/** The service each appointment was booked for (null: the clinic's default) and its clinic's address. */
export async function appointmentServices(db: Executor, appointmentIds: readonly string[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select({
      appointmentId: t.appointments.id,
      clinicId: t.appointments.clinicId,
      serviceId: t.appointments.serviceId,
      clinicAddress: t.clinics.address,
    })
    .from(t.appointments)
    .innerJoin(t.clinics, eq(t.clinics.id, t.appointments.clinicId))
    .where(inArray(t.appointments.id, [...appointmentIds]));
}

/** A patient of one of the viewer's clinics: their clinic; undefined for another clinic's. */
export async function patientInClinics(db: Executor, id: string, clinicIds: ReadonlySet<string>) {
  if (clinicIds.size === 0) return undefined;
  const [row] = await db
    .select({ clinicId: t.patients.clinicId })
    .from(t.patients)
    .where(and(eq(t.patients.id, id), inArray(t.patients.clinicId, [...clinicIds])))
    .limit(1);
  return row;
}

/** An appointment of one of the viewer's clinics: its clinic and patient. */
export async function appointmentInClinics(
  db: Executor,
  id: string,
  clinicIds: ReadonlySet<string>,
) {
  if (clinicIds.size === 0) return undefined;
  const [row] = await db
    .select({ clinicId: t.appointments.clinicId, patientId: t.appointments.patientId })
    .from(t.appointments)
    .where(and(eq(t.appointments.id, id), inArray(t.appointments.clinicId, [...clinicIds])))
    .limit(1);
  return row;
}

/**
 * A patient's messages in their clinic, newest first: texts to them, e-mails about their
 * appointments, waitlist offers made to them (by the offer's token) and the confirmation of an
 * online booking that booked them (by the hold's token hash, as the hold stores it).
 */
export async function messagesOfPatient(
  db: Executor,
  clinicId: string,
  patientId: string,
  limit: number,
) {
  return db
    .select()
    .from(t.outbox)
    .where(
      and(
        eq(t.outbox.clinicId, clinicId),
        or(
          eq(t.outbox.patientId, patientId),
          sql`${t.outbox.appointmentId} in (select a.id from ${t.appointments} a where a.patient_id = ${patientId})`,
          sql`(${t.outbox.kind} = ${OFFER_KIND} and ${t.outbox.payload} ->> 'token' in (
            select w.token from ${t.waitlistOffers} w
              join ${t.waitlistEntries} e on e.id = w.entry_id
             where e.patient_id = ${patientId}))`,
          sql`(${t.outbox.kind} = ${HOLD_KIND} and encode(sha256(convert_to(${t.outbox.payload} ->> 'token', 'UTF8')), 'hex') in (
            select h.token_hash from ${t.onlineBookingHolds} h
              join ${t.appointments} a on a.id = h.appointment_id
             where a.patient_id = ${patientId}))`,
        ),
      ),
    )
    .orderBy(desc(t.outbox.id))
    .limit(limit);
}

/** An appointment's messages, newest first: its e-mails, their text twins and its reminders. */
export async function messagesOfAppointment(
  db: Executor,
  clinicId: string,
  appointmentId: string,
  limit: number,
) {
  return db
    .select()
    .from(t.outbox)
    .where(and(eq(t.outbox.clinicId, clinicId), eq(t.outbox.appointmentId, appointmentId)))
    .orderBy(desc(t.outbox.id))
    .limit(limit);
}
