import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PHONE_DIGITS_MINIMUM } from '@domain/patient-duplicates';
import { queryRows, type Executor } from '../../db/client';
import * as t from '../../db/schema';
import type { PatientCursor } from './patient-list.repository';

const p = t.patients;
const c = t.clinics;

/**
 * Who may be a duplicate of `a` (a SQL alias): another live record of its clinic with the same
 * birth date, a phone number ending in the same digits, or the same e-mail. Each branch has its
 * index (clinic and birth date, the phone digits' trigrams, the clinic's e-mail key), so the cost
 * follows the few found; the domain rule (duplicateReasons) then decides.
 */
function candidateOf(a: string, b: string): SQL {
  const A = sql.raw(a);
  const B = sql.raw(b);
  return sql`${B}.clinic_id = ${A}.clinic_id and ${B}.id <> ${A}.id
    and ${B}.merged_into_id is null and ${B}.erased_at is null
    and (${B}.dob = ${A}.dob
      or (length(${A}.phone_digits) >= ${PHONE_DIGITS_MINIMUM}
          and ${B}.phone_digits like '%' || right(${A}.phone_digits, ${PHONE_DIGITS_MINIMUM}))
      or lower(${B}.email) = lower(trim(${A}.email)))`;
}

/** Enough for any real clinic; a placeholder birth date shared by thousands stops here. */
const CANDIDATES_PER_PATIENT = 50;

/** The ids of the records that may be duplicates of one patient. */
export async function candidateIdsOf(db: Executor, patientId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select b.id from ${p} a cross join lateral (
          select b.id from ${p} b where ${candidateOf('a', 'b')}
          limit ${CANDIDATES_PER_PATIENT}) b
        where a.id = ${patientId}`,
  );
  return rows.map((r) => r.id);
}

/**
 * A stretch of the clinics' live patients in name order after `after`, each with its candidates
 * that come later in that order (so a pair is found once, in the database's collation). Birth
 * date and e-mail come from their indexes per patient; phones are matched for the whole stretch
 * at once (one pass over the clinics' phone digits against the stretch's, hashed), as a trigram
 * lookup per patient costs milliseconds each where every number shares its area code.
 */
export async function candidatePairsInStretch(
  db: Executor,
  clinicIds: readonly string[],
  after: PatientCursor | undefined,
  size: number,
) {
  const clinics = sql`${sql.param([...clinicIds])}::uuid[]`;
  const past = after
    ? sql`and (a.last_name, a.first_name, a.id) > (${after.lastName}, ${after.firstName}, ${after.id}::uuid)`
    : sql``;
  const live = (x: string) => sql.raw(`${x}.merged_into_id is null and ${x}.erased_at is null`);
  const later = sql`(a.last_name, a.first_name, a.id) < (b.last_name, b.first_name, b.id)`;
  const phoneKey = (x: string) => sql.raw(`right(${x}.phone_digits, ${PHONE_DIGITS_MINIMUM})`);
  return queryRows<{
    id: string;
    last_name: string;
    first_name: string;
    other_id: string | null;
  }>(
    db,
    sql`with stretch as materialized (
          select a.* from ${p} a
          where a.clinic_id = any(${clinics}) and ${live('a')} ${past}
          order by a.last_name, a.first_name, a.id limit ${size}),
        phones as materialized (
          select b.id, b.clinic_id, b.last_name, b.first_name, ${phoneKey('b')} as key
          from ${p} b
          where b.clinic_id = any(${clinics}) and ${live('b')}
            and ${phoneKey('b')} in (select ${phoneKey('s')} from stretch s
              where length(s.phone_digits) >= ${PHONE_DIGITS_MINIMUM})),
        pairs as (
          select a.id, b.id as other_id from stretch a cross join lateral (
            select b.id from ${p} b
            where b.clinic_id = a.clinic_id and b.id <> a.id and ${live('b')}
              and (b.dob = a.dob or lower(b.email) = lower(trim(a.email))) and ${later}
            limit ${CANDIDATES_PER_PATIENT}) b
          union
          select a.id, b.id from stretch a join phones b on b.key = ${phoneKey('a')}
          where b.clinic_id = a.clinic_id and b.id <> a.id and ${later})
        select a.id, a.last_name, a.first_name, pairs.other_id
        from stretch a left join pairs on pairs.id = a.id
        order by a.last_name, a.first_name, a.id, pairs.other_id`,
  );
}

/** Records as a merge compares them: the whole row, its clinic, and how many visits it holds. */
export async function duplicateRecords(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      patient: p,
      clinicSlug: c.slug,
      clinicName: c.name,
      clinicTimezone: c.timezone,
      cutoffHours: c.patientChangeCutoffHours,
      editorRoles: c.patientEditorRoles,
      visits: sql<number>`(select count(*)::int from ${t.appointments} a where a.patient_id = ${p.id})`,
    })
    .from(p)
    .innerJoin(c, eq(c.id, p.clinicId))
    .where(inArray(p.id, [...ids]));
}

/** The pairs among these records that staff said are different people, as "low|high" keys. */
export async function dismissedPairs(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const d = t.patientDuplicateDismissals;
  const rows = await db
    .select({ a: d.patientId, b: d.otherPatientId })
    .from(d)
    .where(or(inArray(d.patientId, [...ids]), inArray(d.otherPatientId, [...ids])));
  return new Set(rows.map((r) => pairKey(r.a, r.b)));
}

/** One key per pair whichever way round it is named: the ids in uuid order. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** Records a pair as two people; false when it already was. */
export async function insertDismissal(
  db: Executor,
  pair: { a: string; b: string; by: string | null; at: Date },
): Promise<boolean> {
  const [low, high] = pair.a < pair.b ? [pair.a, pair.b] : [pair.b, pair.a];
  const rows = await db
    .insert(t.patientDuplicateDismissals)
    .values({ patientId: low, otherPatientId: high, dismissedBy: pair.by, createdAt: pair.at })
    .onConflictDoNothing()
    .returning({ a: t.patientDuplicateDismissals.patientId });
  return rows.length === 1;
}

/** Moves a patient's waitlist entries, series and notes to another; the ids of each that moved. */
export async function moveRecords(db: Executor, from: string, to: string, now: Date) {
  const w = t.waitlistEntries;
  const s = t.appointmentSeries;
  const n = t.patientNotes;
  const waitlistEntries = await db
    .update(w)
    .set({ patientId: to, updatedAt: now })
    .where(eq(w.patientId, from))
    .returning({ id: w.id });
  const series = await db
    .update(s)
    .set({ patientId: to })
    .where(eq(s.patientId, from))
    .returning({ id: s.id });
  const notes = await db
    .update(n)
    .set({ patientId: to })
    .where(eq(n.patientId, from))
    .returning({ id: n.id });
  const ids = (rows: { id: string | number }[]) => rows.map((r) => String(r.id));
  return { waitlistEntries: ids(waitlistEntries), series: ids(series), notes: ids(notes) };
}

/**
 * The merged-away record's dismissals become the kept one's (a pair the kept record already
 * has stays as it was), and records merged into it before now point at the kept one, so a
 * `replaced-by` link is always one step.
 */
export async function handOverReferences(db: Executor, from: string, to: string) {
  const moved = await queryRows<{ n: number }>(
    db,
    sql`with theirs as (
          delete from ${t.patientDuplicateDismissals}
          where patient_id = ${from} or other_patient_id = ${from}
          returning case when patient_id = ${from} then other_patient_id else patient_id end as other,
            dismissed_by, created_at),
        kept as (
          insert into ${t.patientDuplicateDismissals} (patient_id, other_patient_id, dismissed_by, created_at)
          select least(${to}::uuid, other), greatest(${to}::uuid, other), dismissed_by, created_at
          from theirs where other <> ${to}::uuid
          on conflict do nothing returning 1)
        select (select count(*)::int from kept) as n`,
  );
  await db
    .update(p)
    .set({ mergedIntoId: to })
    .where(and(eq(p.mergedIntoId, from)));
  return { dismissals: moved[0]?.n ?? 0 };
}

/** Marks a record merged into another: archived, pointing at it, its version raised. */
export async function markMerged(
  db: Executor,
  id: string,
  into: string,
  now: Date,
  changes: { recordNumber?: null },
) {
  const [row] = await db
    .update(p)
    .set({
      ...changes,
      mergedIntoId: into,
      mergedAt: now,
      archivedAt: sql`coalesce(${p.archivedAt}, ${now.toISOString()}::timestamptz)`,
      version: sql`${p.version} + 1`,
      updatedAt: now,
    })
    .where(eq(p.id, id))
    .returning();
  return row!;
}

/** The record a merged one points at, with its name, if it is among the caller's clinics. */
export async function mergedIntoOf(db: Executor, clinicIds: readonly string[], keptId: string) {
  const [row] = await db
    .select({ id: p.id, firstName: p.firstName, lastName: p.lastName })
    .from(p)
    .where(and(eq(p.id, keptId), sql`${p.clinicId} = any(${sql.param([...clinicIds])}::uuid[])`));
  return row;
}
