import { and, asc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { normalizeSearchText } from '@domain/search-text';
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
  /**
   * Birth dates from `from` (inclusive) to `before` (exclusive), YYYY-MM-DD, and outside each
   * `excluded` range.
   */
  birth?: {
    from?: string;
    before?: string;
    excluded?: ReadonlyArray<{ from: string; before: string }>;
  };
  /** Last changed (updated_at) in [from, before), outside each excluded range. */
  updated?: { from?: Date; before?: Date; excluded?: ReadonlyArray<{ lo: Date; hi: Date }> };
  /** The family name, by FHIR's string matching (each repetition, any of its alternatives). */
  family?: readonly (readonly StringMatch[])[];
  /** The given or preferred name, likewise. */
  given?: readonly (readonly StringMatch[])[];
  genders?: readonly (readonly string[])[];
  /** A phone's digits; a country code on either side is allowed (one ends with the other). */
  phoneDigits?: readonly (readonly string[])[];
  /** Our ids or the clinic's record numbers (compared case-insensitively). */
  identifiers?: readonly { ids: readonly string[]; recordNumbers: readonly string[] }[];
}

/**
 * FHIR's string search: `start` and `contains` compare case and accents aside (the value
 * normalised by normalizeSearchText, the column folded alike in SQL), `exact` compares as stored.
 */
export interface StringMatch {
  value: string;
  mode: 'start' | 'contains' | 'exact';
}

/** Accented Latin letters and what normalizeSearchText makes of each (lower case, no marks). */
const ACCENTED =
  'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćĈĉĊċČčĎďÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥÌÍÎÏìíîïĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľÑñŃńŅņŇňÒÓÔÕÖòóôõöŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųŴŵÝýÿŶŷŸŹźŻżŽž';
const UNACCENTED = [...ACCENTED]
  .map((c) =>
    c
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase(),
  )
  .join('');

/** A text column as normalizeSearchText would write it: no accents, lower case. */
const folded = (column: SQL | AnyColumn) =>
  sql`lower(translate(coalesce(${column}, ''), ${ACCENTED}, ${UNACCENTED}))`;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One column against one StringMatch. */
function stringMatches(column: AnyColumn, match: StringMatch): SQL {
  if (match.mode === 'exact') return sql`${column} = ${match.value}`;
  const value = likeEscaped(normalizeSearchText(match.value));
  return sql`${folded(column)} like ${match.mode === 'start' ? `${value}%` : `%${value}%`}`;
}

const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** Any of these conditions; none is a condition nobody meets (not a syntax error). */
const anyOf = (conditions: SQL[]) =>
  conditions.length === 0 ? sql`false` : sql`(${sql.join(conditions, sql` or `)})`;

function fieldConditions(f: PatientFieldFilters): SQL[] {
  const p = t.patients;
  const conditions: SQL[] = [];
  if (f.birth?.from) conditions.push(sql`${p.dob} >= ${f.birth.from}::date`);
  if (f.birth?.before) conditions.push(sql`${p.dob} < ${f.birth.before}::date`);
  for (const { from, before } of f.birth?.excluded ?? []) {
    conditions.push(sql`not (${p.dob} >= ${from}::date and ${p.dob} < ${before}::date)`);
  }
  if (f.updated?.from)
    conditions.push(sql`${p.updatedAt} >= ${f.updated.from.toISOString()}::timestamptz`);
  if (f.updated?.before)
    conditions.push(sql`${p.updatedAt} < ${f.updated.before.toISOString()}::timestamptz`);
  for (const { lo, hi } of f.updated?.excluded ?? []) {
    conditions.push(
      sql`not (${p.updatedAt} >= ${lo.toISOString()}::timestamptz and ${p.updatedAt} < ${hi.toISOString()}::timestamptz)`,
    );
  }
  for (const any of f.family ?? []) {
    conditions.push(anyOf(any.map((m) => stringMatches(p.lastName, m))));
  }
  for (const any of f.given ?? []) {
    const either = any.flatMap((m) => [
      stringMatches(p.firstName, m),
      stringMatches(p.preferredName, m),
    ]);
    conditions.push(anyOf(either));
  }
  for (const genders of f.genders ?? [])
    conditions.push(sql`${p.gender} = any(${textArray(genders)})`);
  for (const digits of f.phoneDigits ?? []) {
    // Either number may carry a country code the other leaves out.
    const either = digits.map(
      (d) =>
        sql`(${p.phoneDigits} like ${`%${d}`} or (length(${p.phoneDigits}) >= 7 and ${d} like '%' || ${p.phoneDigits}))`,
    );
    conditions.push(anyOf(either));
  }
  for (const { ids, recordNumbers } of f.identifiers ?? []) {
    conditions.push(sql`(${p.id} = any(${sql.param([...ids])}::uuid[])
      or lower(${p.recordNumber}) = any(${textArray(recordNumbers.map((r) => r.toLowerCase()))}))`);
  }
  return conditions;
}

function lookupConditions(lookup: Omit<PatientLookup, 'limit'>): SQL[] {
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
  return conditions;
}

/** How many patients a lookup matches in all (FHIR's Bundle.total), the position aside. */
export async function countPatients(
  db: Executor,
  lookup: Omit<PatientLookup, 'limit' | 'after'>,
): Promise<number> {
  if (lookup.clinicIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.patients)
    .where(and(...lookupConditions(lookup)));
  return Number(row?.n ?? 0);
}

export function lookUpPatients(db: Executor, lookup: PatientLookup): Promise<PatientRow[]> {
  if (lookup.clinicIds.length === 0) return Promise.resolve([]);
  const p = t.patients;
  return db
    .select()
    .from(p)
    .where(and(...lookupConditions(lookup)))
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
