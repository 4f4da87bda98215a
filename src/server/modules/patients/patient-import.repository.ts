import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { ImportCounts } from '@contracts/patient-import';
import type { ExistingPatient, ImportOutcome } from '@domain/patient-import';
import { queryRows, type Executor } from '../../db/client';
import * as t from '../../db/schema';

// SQL of patient imports (ADR 043). Rows travel as one JSON parameter read by
// jsonb_to_recordset: a batch of a thousand is one statement and one round trip on either
// engine, and PGlite and node-postgres read the one text parameter alike.

const i = t.patientImports;
const c = t.clinics;

const importColumns = {
  id: i.id,
  clinicId: i.clinicId,
  clinicSlug: c.slug,
  clinicName: c.name,
  fileName: i.fileName,
  status: i.status,
  totalRows: i.totalRows,
  processedRows: i.processedRows,
  counts: i.counts,
  mapping: i.mapping,
  error: i.error,
  heartbeatAt: i.heartbeatAt,
  createdAt: i.createdAt,
  finishedAt: i.finishedAt,
};
export type ImportRow = Awaited<ReturnType<typeof findImport>> & object;

/**
 * Keeps an uploaded file. Its bytes travel as base64 text decoded by the database: PGlite
 * encodes a bytea parameter byte by byte, a second per megabyte.
 */
export async function insertImport(
  db: Executor,
  values: Omit<typeof i.$inferInsert, 'file'> & { file: Buffer },
) {
  const { file, ...rest } = values;
  const [row] = await db
    .insert(i)
    .values({ ...rest, file: sql`decode(${file.toString('base64')}, 'base64')` as never })
    .returning({ id: i.id });
  return row!.id;
}

/** One import of the caller's clinics; another clinic's is not found. */
export async function findImport(db: Executor, clinicIds: readonly string[], id: string) {
  const [row] = await db
    .select(importColumns)
    .from(i)
    .innerJoin(c, eq(c.id, i.clinicId))
    .where(and(eq(i.id, id), sql`${i.clinicId} = any(${sql.param([...clinicIds])}::uuid[])`))
    .limit(1);
  return row;
}

export async function readFileOf(db: Executor, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ file: sql<string | null>`encode(${i.file}, 'base64')` })
    .from(i)
    .where(eq(i.id, id));
  return row?.file ? Buffer.from(row.file, 'base64') : null;
}

/** The mapping of the clinic's latest checked file: the next file starts from it. */
export async function lastMapping(db: Executor, clinicId: string) {
  const [row] = await db
    .select({ mapping: i.mapping })
    .from(i)
    .where(and(eq(i.clinicId, clinicId), isNotNull(i.mapping)))
    .orderBy(desc(i.createdAt))
    .limit(1);
  return row?.mapping ?? null;
}

/** Marks a dry run done; only an import not being applied or applied may be checked again. */
export async function markChecked(
  db: Executor,
  id: string,
  values: { mapping: Record<string, string | null>; counts: ImportCounts },
) {
  const rows = await db
    .update(i)
    .set({
      status: 'checked',
      mapping: values.mapping as Record<string, string>,
      counts: values.counts,
      processedRows: 0,
      error: null,
    })
    .where(and(eq(i.id, id), sql`${i.status} in ('uploaded', 'checked', 'failed')`))
    .returning({ id: i.id });
  return rows.length === 1;
}

export interface RowOutcome {
  rowNumber: number;
  outcome: ImportOutcome;
  reason: string | null;
  patientId: string | null;
}

/** Writes rows' outcomes, replacing what an earlier run said of the same rows. */
export async function writeRowOutcomes(db: Executor, importId: string, rows: RowOutcome[]) {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({ n: r.rowNumber, o: r.outcome, r: r.reason, p: r.patientId })),
  );
  await db.execute(sql`
    insert into ${t.patientImportRows} (import_id, row_number, outcome, reason, patient_id)
    select ${importId}::uuid, x.n, x.o, x.r, x.p
    from jsonb_to_recordset(${json}::jsonb) as x(n int, o text, r text, p uuid)
    on conflict (import_id, row_number) do update
      set outcome = excluded.outcome, reason = excluded.reason, patient_id = excluded.patient_id`);
}

export async function deleteRowOutcomes(db: Executor, importId: string) {
  await db.delete(t.patientImportRows).where(eq(t.patientImportRows.importId, importId));
}

export async function listRowOutcomes(
  db: Executor,
  importId: string,
  q: { outcome?: ImportOutcome; after?: number; limit: number },
) {
  const r = t.patientImportRows;
  return db
    .select({
      rowNumber: r.rowNumber,
      outcome: r.outcome,
      reason: r.reason,
      patientId: r.patientId,
    })
    .from(r)
    .where(
      and(
        eq(r.importId, importId),
        q.outcome ? eq(r.outcome, q.outcome) : undefined,
        q.after === undefined ? undefined : gt(r.rowNumber, q.after),
      ),
    )
    .orderBy(r.rowNumber)
    .limit(q.limit);
}

/**
 * Takes an import for applying: one that was checked or failed, or whose apply stopped beating
 * before `staleBefore`. Only one caller gets it; the others find it taken.
 */
export async function claimApply(db: Executor, id: string, now: Date, staleBefore: Date) {
  const rows = await db
    .update(i)
    .set({ status: 'applying', heartbeatAt: now, error: null })
    .where(
      and(
        eq(i.id, id),
        sql`(${i.status} in ('checked', 'failed')
          or (${i.status} = 'applying' and ${i.heartbeatAt} < ${staleBefore.toISOString()}::timestamptz))`,
      ),
    )
    .returning({ processedRows: i.processedRows, counts: i.counts, status: i.status });
  return rows[0];
}

/** A batch's progress, committed with the batch's writes: an apply resumes after it. */
export async function recordProgress(
  db: Executor,
  id: string,
  values: { processedRows: number; counts: ImportCounts; now: Date },
) {
  await db
    .update(i)
    .set({ processedRows: values.processedRows, counts: values.counts, heartbeatAt: values.now })
    .where(eq(i.id, id));
}

/** The apply's end: done (the file is no longer kept) or failed with the reason. */
export async function finishApply(
  db: Executor,
  id: string,
  end: { status: 'applied'; now: Date } | { status: 'failed'; error: string; now: Date },
) {
  await db
    .update(i)
    .set(
      end.status === 'applied'
        ? { status: 'applied', finishedAt: end.now, file: null, heartbeatAt: end.now }
        : { status: 'failed', error: end.error, heartbeatAt: end.now },
    )
    .where(eq(i.id, id));
}

const existingColumns = sql`p.id, p.first_name as "firstName", p.last_name as "lastName",
  p.email, p.dob::text as dob, p.phone, p.preferred_name as "preferredName", p.gender,
  p.address_line as "addressLine", p.city, p.region, p.postal_code as "postalCode", p.country,
  p.record_number as "recordNumber", p.preferred_language as "preferredLanguage",
  p.contact_channel as "contactChannel", p.reminders_opt_out as "remindersOptOut",
  (p.erased_at is not null or p.merged_into_id is not null) as erased`;

/**
 * The clinic's patients with any of these record numbers or e-mails (case aside), through the
 * two unique indexes; locked when the apply is about to change them.
 */
export function findByKeys(
  db: Executor,
  clinicId: string,
  keys: { recordNumbers: string[]; emails: string[] },
  lock: boolean,
) {
  return queryRows<ExistingPatient>(
    db,
    // A thousand keys as two arrays: PostgreSQL probes an array this long through a hash, so a
    // batch costs one pass over the clinic's patients at worst, whatever the statistics say (a
    // join on the unnested keys was planned as a nested loop over every patient on PGlite, which
    // never analyses). The matches are then read by primary key.
    sql`select ${existingColumns} from ${t.patients} p
      where p.id = any(array(
        select q.id from ${t.patients} q
        where q.clinic_id = ${clinicId}::uuid and q.record_number is not null
          and lower(q.record_number) = any(${sql.param(keys.recordNumbers)}::text[])
        union
        select q.id from ${t.patients} q
        where q.clinic_id = ${clinicId}::uuid
          and lower(q.email) = any(${sql.param(keys.emails)}::text[])))
      ${lock ? sql`for update of p` : sql``}`,
  );
}

/** Patients of the clinic with one of these dates of birth, to compare names with. */
export function findByBirthDates(db: Executor, clinicId: string, dobs: string[]) {
  return queryRows<ExistingPatient>(
    db,
    sql`select ${existingColumns} from ${t.patients} p
      where p.clinic_id = ${clinicId}::uuid and p.dob = any(${sql.param(dobs)}::date[])
        and p.erased_at is null and p.merged_into_id is null`,
  );
}

/** A patient as the import writes them: every column the file may fill, and the search text. */
export interface PatientWrite {
  firstName: string;
  lastName: string;
  email: string;
  dob: string | null;
  phone: string | null;
  preferredName: string | null;
  gender: string | null;
  addressLine: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  recordNumber: string | null;
  preferredLanguage: string | null;
  contactChannel: string;
  remindersOptOut: boolean;
  searchText: string;
}

const recordsetColumns = sql.raw(`first_name text, last_name text, email text, dob date,
  phone text, preferred_name text, gender text, address_line text, city text, region text,
  postal_code text, country text, record_number text, preferred_language text,
  contact_channel text, reminders_opt_out boolean, search_text text`);

const toJsonRow = (p: PatientWrite) => ({
  first_name: p.firstName,
  last_name: p.lastName,
  email: p.email,
  dob: p.dob,
  phone: p.phone,
  preferred_name: p.preferredName,
  gender: p.gender,
  address_line: p.addressLine,
  city: p.city,
  region: p.region,
  postal_code: p.postalCode,
  country: p.country,
  record_number: p.recordNumber,
  preferred_language: p.preferredLanguage,
  contact_channel: p.contactChannel,
  reminders_opt_out: p.remindersOptOut,
  search_text: p.searchText,
});

/**
 * New patients in one statement, their search text written as every other path writes it (the
 * search words follow by the patients' trigger). Answers each one's id by its e-mail, which is
 * unique in the clinic.
 */
export async function insertPatients(
  db: Executor,
  clinicId: string,
  patients: PatientWrite[],
  now: Date,
) {
  if (patients.length === 0) return new Map<string, string>();
  const rows = await queryRows<{ id: string; email: string }>(
    db,
    sql`insert into ${t.patients} (clinic_id, first_name, last_name, email, dob, phone,
        preferred_name, gender, address_line, city, region, postal_code, country, record_number,
        preferred_language, contact_channel, reminders_opt_out, search_text, source,
        created_at, updated_at)
      select ${clinicId}::uuid, x.first_name, x.last_name, x.email, x.dob, x.phone,
        x.preferred_name, x.gender, x.address_line, x.city, x.region, x.postal_code, x.country,
        x.record_number, x.preferred_language, x.contact_channel, x.reminders_opt_out,
        x.search_text, 'import', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(patients.map(toJsonRow))}::jsonb)
        as x(${recordsetColumns})
      returning id, lower(email) as email`,
  );
  return new Map(rows.map((r) => [r.email, r.id]));
}

/**
 * Until its transaction ends, patients written here skip the per-row triggers that keep their
 * search words and their clinic's data version (migration 0036): finishBulkPatientWrites does
 * both for the whole batch. Call it only in a transaction that writes nothing else of patients.
 */
export async function startBulkPatientWrites(db: Executor) {
  await db.execute(sql`select set_config('carebook.bulk_patients', 'on', true)`);
}

/** The batch's search words, as the trigger writes one patient's, and its clinic's next number. */
export async function finishBulkPatientWrites(
  db: Executor,
  clinicId: string,
  patientIds: readonly string[],
) {
  if (patientIds.length === 0) return;
  const ids = sql`${JSON.stringify(patientIds)}::jsonb`;
  await db.execute(sql`
    delete from ${t.patientSearchWords}
    where patient_id in (select value::uuid from jsonb_array_elements_text(${ids}))`);
  await db.execute(sql`
    insert into ${t.patientSearchWords} (patient_id, word, clinic_id, last_name, first_name)
    select distinct p.id, w.word, p.clinic_id, p.last_name, p.first_name
    from ${t.patients} p cross join lateral unnest(string_to_array(p.search_text, ' ')) as w(word)
    where p.id in (select value::uuid from jsonb_array_elements_text(${ids})) and w.word <> ''`);
  // Last in the batch, so the clinic's row is held only until the commit just after.
  await db.execute(sql`
    insert into ${t.clinicDataVersions} as v (clinic_id, version) values (${clinicId}::uuid, 1)
    on conflict (clinic_id) do update set version = v.version + 1`);
}

/** Changed patients in one statement, each with its version raised as an edit raises it. */
export async function updatePatients(
  db: Executor,
  patients: Array<PatientWrite & { id: string }>,
  now: Date,
) {
  if (patients.length === 0) return;
  const json = JSON.stringify(patients.map((p) => ({ id: p.id, ...toJsonRow(p) })));
  await db.execute(sql`
    update ${t.patients} p set first_name = x.first_name, last_name = x.last_name,
      email = x.email, dob = x.dob, phone = x.phone, preferred_name = x.preferred_name,
      gender = x.gender, address_line = x.address_line, city = x.city, region = x.region,
      postal_code = x.postal_code, country = x.country, record_number = x.record_number,
      preferred_language = x.preferred_language, contact_channel = x.contact_channel,
      reminders_opt_out = x.reminders_opt_out, search_text = x.search_text,
      version = p.version + 1, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${json}::jsonb) as x(id uuid, ${recordsetColumns})
    where p.id = x.id`);
}
