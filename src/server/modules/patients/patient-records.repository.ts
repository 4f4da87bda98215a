// One patient's record and what hangs on it: the record itself, its changes, visits, waitlist
// entries, series, notes and edits, its open commitments, and its erasure. The patients page's list
// and search are in patient-list.repository.ts.
import { and, desc, eq, sql } from 'drizzle-orm';
import { OPEN_STATUSES } from '@domain/appointment-status';
import { queryRows, type Executor } from '../../db/client';
import * as t from '../../db/schema';

const p = t.patients;
const c = t.clinics;
const clinicColumns = { clinicSlug: c.slug, clinicName: c.name, clinicTimezone: c.timezone };

/** One patient of the given clinics, with their clinic; `lock` holds the row for an edit. */
export async function findPatientRecord(
  db: Executor,
  clinicIds: readonly string[],
  id: string,
  lock = false,
) {
  const query = db
    .select({
      patient: p,
      ...clinicColumns,
      cutoffHours: c.patientChangeCutoffHours,
      editorRoles: c.patientEditorRoles,
    })
    .from(p)
    .innerJoin(c, eq(c.id, p.clinicId))
    .where(and(eq(p.id, id), sql`${p.clinicId} = any(${sql.param([...clinicIds])}::uuid[])`))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: p }) : query);
  return row;
}
export type PatientRecordRow = NonNullable<Awaited<ReturnType<typeof findPatientRecord>>>;

export type PatientChanges = Partial<
  Omit<typeof t.patients.$inferInsert, 'id' | 'clinicId' | 'createdAt' | 'phoneDigits'>
>;

/** Writes an edit and raises the version; the caller has checked the version it read. */
export async function updatePatient(db: Executor, id: string, changes: PatientChanges, now: Date) {
  const [row] = await db
    .update(p)
    .set({ ...changes, version: sql`${p.version} + 1`, updatedAt: now })
    .where(eq(p.id, id))
    .returning();
  return row!;
}

/** Every appointment of a patient, newest first, with its provider and when it was cancelled. */
export function patientAppointments(db: Executor, patientId: string) {
  const a = t.appointments;
  return queryRows<{
    id: string;
    start_at: string;
    end_at: string;
    status: string;
    series_id: string | null;
    provider_id: string;
    provider_name: string;
    cancelled_at: string | null;
  }>(
    db,
    sql`select ${a.id} as id, ${a.startAt} as start_at, ${a.endAt} as end_at, ${a.status} as status,
          ${a.seriesId} as series_id, u.id as provider_id, u.name as provider_name,
          (select max(e.at) from ${t.appointmentEvents} e
            where e.appointment_id = ${a.id} and e.type = 'CANCELLED') as cancelled_at
        from ${a} join ${t.users} u on u.id = ${a.staffId}
        where ${a.patientId} = ${patientId}
        order by ${a.startAt} desc`,
  );
}

export function patientWaitlistEntries(db: Executor, patientId: string) {
  const w = t.waitlistEntries;
  return db
    .select({
      id: w.id,
      status: w.status,
      windowFrom: w.windowFrom,
      windowTo: w.windowTo,
      provider: t.users.name,
    })
    .from(w)
    .leftJoin(t.users, eq(t.users.id, w.agentId))
    .where(eq(w.patientId, patientId))
    .orderBy(desc(w.windowFrom));
}

export function patientSeries(db: Executor, patientId: string) {
  const s = t.appointmentSeries;
  return db
    .select({ id: s.id, provider: t.users.name })
    .from(s)
    .innerJoin(t.users, eq(t.users.id, s.staffId))
    .where(eq(s.patientId, patientId))
    .orderBy(desc(s.createdAt));
}

export function patientNotes(db: Executor, patientId: string) {
  const n = t.patientNotes;
  return db
    .select()
    .from(n)
    .where(eq(n.patientId, patientId))
    .orderBy(desc(n.createdAt), desc(n.id));
}

export async function insertPatientNote(db: Executor, values: typeof t.patientNotes.$inferInsert) {
  const [row] = await db.insert(t.patientNotes).values(values).returning();
  return row!;
}

/** The audited edits of a patient's record, newest first, with who made them. */
export function patientEdits(db: Executor, patientId: string, limit: number) {
  const l = t.auditLog;
  return db
    .select({
      at: l.at,
      details: l.details,
      // An integration token writes under its own id, named as the audit log names it.
      userName: sql<
        string | null
      >`coalesce(${t.users.name}, ${t.apiTokens.name} || ' (API token)')`,
    })
    .from(l)
    .leftJoin(t.users, eq(t.users.id, l.userId))
    .leftJoin(t.apiTokens, eq(t.apiTokens.id, l.userId))
    .where(and(eq(l.patientId, patientId), eq(l.entityType, 'patient'), eq(l.action, 'update')))
    .orderBy(desc(l.at), desc(l.id))
    .limit(limit);
}

/** What keeps a patient's data needed: visits still to come, and a place on the waitlist. */
export async function openCommitments(db: Executor, patientId: string, now: Date) {
  const [row] = await queryRows<{ upcoming: number; waiting: number }>(
    db,
    sql`select
      (select count(*)::int from ${t.appointments} a
        where a.patient_id = ${patientId} and a.start_at > ${now.toISOString()}::timestamptz
          and a.status = any(${sql.param([...OPEN_STATUSES])}::text[])) as upcoming,
      (select count(*)::int from ${t.waitlistEntries} w
        where w.patient_id = ${patientId} and w.status = 'waiting') as waiting`,
  );
  return { upcomingVisits: row?.upcoming ?? 0, waiting: row?.waiting ?? 0 };
}

/**
 * Replaces a patient's personal data with a placeholder, removes their notes, strikes the old
 * and new values of their audited edits, and withdraws their messages not yet sent.
 */
export async function erasePatientData(db: Executor, patientId: string, now: Date) {
  await db.delete(t.patientNotes).where(eq(t.patientNotes.patientId, patientId));
  await db.execute(sql`
    update ${t.auditLog} set details = jsonb_set(details, '{changes}', (
      select coalesce(jsonb_agg(jsonb_build_object('field', c ->> 'field', 'from', null, 'to', null)), '[]'::jsonb)
      from jsonb_array_elements(details -> 'changes') c)) - 'name'
    where patient_id = ${patientId} and entity_type = 'patient' and action = 'update'
      and jsonb_typeof(details -> 'changes') = 'array'`);
  const placeholder = { name: 'Erased patient', email: `erased-${patientId}@erased.invalid` };
  const theirs = sql`(select id from ${t.appointments} where patient_id = ${patientId})`;
  const erasedPerson = sql`${JSON.stringify(placeholder)}::jsonb`;
  await db.execute(sql`
    update ${t.outbox} set status = 'withdrawn', last_error = 'The patient’s data was erased.'
    where status = 'pending' and appointment_id in ${theirs}`);
  // Messages already written keep their kind and time; the patient in them becomes the placeholder.
  await db.execute(sql`
    update ${t.outbox} set
      recipients = (select coalesce(jsonb_agg(case when r ->> 'role' = 'patient'
                      then ${erasedPerson} || '{"role":"patient"}'::jsonb else r end), '[]'::jsonb)
                    from jsonb_array_elements(recipients) r),
      payload = case when payload ? 'patient'
                  then jsonb_set(payload, '{patient}', (payload -> 'patient') || ${erasedPerson} || '{"phone":null}'::jsonb)
                  else payload end
    where appointment_id in ${theirs}`);
  await db.execute(sql`
    update ${t.webhookDeliveries} set payload = jsonb_set(payload, '{data,patient}',
      (payload -> 'data' -> 'patient') || ${erasedPerson} || '{"phone":null}'::jsonb)
    where appointment_id in ${theirs} and jsonb_typeof(payload -> 'data' -> 'patient') = 'object'`);
  const [row] = await db
    .update(p)
    .set({
      firstName: 'Erased',
      lastName: 'patient',
      preferredName: null,
      dob: null,
      gender: null,
      email: placeholder.email,
      phone: null,
      addressLine: null,
      city: null,
      region: null,
      postalCode: null,
      country: null,
      recordNumber: null,
      preferredLanguage: null,
      remindersOptOut: true,
      source: null,
      searchText: 'erased patient',
      archivedAt: sql`coalesce(${p.archivedAt}, ${now.toISOString()}::timestamptz)`,
      erasedAt: now,
      version: sql`${p.version} + 1`,
      updatedAt: now,
    })
    .where(eq(p.id, patientId))
    .returning();
  return row!;
}
