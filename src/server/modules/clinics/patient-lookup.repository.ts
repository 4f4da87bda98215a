import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hasWordStarting } from '../../db/patient-words';
import * as t from '../../db/schema';
import type { PatientRow } from './patients.repository';

/**
 * Patients by what other systems look them up by (the FHIR API): ids, an email, and words of the
 * name or email each matching the start of a word (patient_search_words, ADR 005). In name
 * order, after a position, so a client can page through any number of them.
 */
export interface PatientLookup {
  clinicIds: readonly string[];
  ids?: readonly string[];
  emails?: readonly string[];
  /** Normalised (normalizeSearchText) words; every one must start a word of the patient's. */
  wordPrefixes?: readonly string[];
  after?: { lastName: string; firstName: string; id: string };
  limit: number;
  fields?: PatientFieldFilters;
}

/**
 * FHIR Patient's own search parameters. Each list is one repetition of a parameter: every
 * repetition must match, and within one, any of its values.
 */
export interface PatientFieldFilters {
  /** Birth dates from `from` (inclusive) to `before` (exclusive), YYYY-MM-DD. */
  birth?: { from?: string; before?: string };
  /** Case-insensitive starts of the family name. */
  family?: readonly string[];
  /** Case-insensitive starts of the given name. */
  given?: readonly string[];
  genders?: readonly (readonly string[])[];
  /** A phone's digits; a country code on either side is allowed (one ends with the other). */
  phoneDigits?: readonly (readonly string[])[];
  /** Our ids or the clinic's record numbers (compared case-insensitively). */
  identifiers?: readonly { ids: readonly string[]; recordNumbers: readonly string[] }[];
}

const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
const startsWith = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function fieldConditions(f: PatientFieldFilters): SQL[] {
  const p = t.patients;
  const conditions: SQL[] = [];
  if (f.birth?.from) conditions.push(sql`${p.dob} >= ${f.birth.from}::date`);
  if (f.birth?.before) conditions.push(sql`${p.dob} < ${f.birth.before}::date`);
  for (const family of f.family ?? []) {
    conditions.push(sql`lower(${p.lastName}) like ${startsWith(family)}`);
  }
  for (const given of f.given ?? []) {
    conditions.push(
      sql`(lower(${p.firstName}) like ${startsWith(given)} or lower(${p.preferredName}) like ${startsWith(given)})`,
    );
  }
  for (const genders of f.genders ?? [])
    conditions.push(sql`${p.gender} = any(${textArray(genders)})`);
  for (const digits of f.phoneDigits ?? []) {
    // Either number may carry a country code the other leaves out.
    const either = digits.map(
      (d) =>
        sql`(${p.phoneDigits} like ${`%${d}`} or (length(${p.phoneDigits}) >= 7 and ${d} like '%' || ${p.phoneDigits}))`,
    );
    conditions.push(sql`(${sql.join(either, sql` or `)})`);
  }
  for (const { ids, recordNumbers } of f.identifiers ?? []) {
    conditions.push(sql`(${p.id} = any(${sql.param([...ids])}::uuid[])
      or lower(${p.recordNumber}) = any(${textArray(recordNumbers.map((r) => r.toLowerCase()))}))`);
  }
  return conditions;
}

export function lookUpPatients(db: Executor, lookup: PatientLookup): Promise<PatientRow[]> {
  if (lookup.clinicIds.length === 0) return Promise.resolve([]);
  const p = t.patients;
  const clinics = sql`${sql.param([...lookup.clinicIds])}::uuid[]`;
  const conditions: SQL[] = [sql`${p.clinicId} = any(${clinics})`];
  if (lookup.ids) conditions.push(sql`${p.id} = any(${sql.param([...lookup.ids])}::uuid[])`);
  // A merged record answers when asked for by id (FHIR's `replaced-by`), never to a search.
  else conditions.push(sql`${p.mergedIntoId} is null`);
  if (lookup.emails) {
    const emails = lookup.emails.map((e) => e.toLowerCase());
    conditions.push(sql`lower(${p.email}) = any(${sql.param(emails)}::text[])`);
  }
  for (const prefix of lookup.wordPrefixes ?? []) {
    conditions.push(hasWordStarting(clinics, prefix));
  }
  if (lookup.fields) conditions.push(...fieldConditions(lookup.fields));
  if (lookup.after) {
    conditions.push(
      sql`(${p.lastName}, ${p.firstName}, ${p.id}) > (${lookup.after.lastName}, ${lookup.after.firstName}, ${lookup.after.id}::uuid)`,
    );
  }
  return db
    .select()
    .from(p)
    .where(and(...conditions))
    .orderBy(asc(p.lastName), asc(p.firstName), asc(p.id))
    .limit(lookup.limit);
}

/** For each of these records, the records merged into it (FHIR's `replaces`). */
export async function mergedInto(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  const merged = new Map<string, string[]>();
  if (ids.length === 0) return merged;
  const p = t.patients;
  const rows = await db
    .select({ id: p.id, into: p.mergedIntoId })
    .from(p)
    .where(sql`${p.mergedIntoId} = any(${sql.param([...ids])}::uuid[])`)
    .orderBy(asc(p.mergedAt), asc(p.id));
  for (const row of rows) {
    if (row.into) merged.set(row.into, [...(merged.get(row.into) ?? []), row.id]);
  }
  return merged;
}
