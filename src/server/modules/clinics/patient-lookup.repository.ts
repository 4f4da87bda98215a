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
}

export function lookUpPatients(db: Executor, lookup: PatientLookup): Promise<PatientRow[]> {
  if (lookup.clinicIds.length === 0) return Promise.resolve([]);
  const p = t.patients;
  const clinics = sql`${sql.param([...lookup.clinicIds])}::uuid[]`;
  const conditions: SQL[] = [sql`${p.clinicId} = any(${clinics})`];
  if (lookup.ids) conditions.push(sql`${p.id} = any(${sql.param([...lookup.ids])}::uuid[])`);
  if (lookup.emails) {
    const emails = lookup.emails.map((e) => e.toLowerCase());
    conditions.push(sql`lower(${p.email}) = any(${sql.param(emails)}::text[])`);
  }
  for (const prefix of lookup.wordPrefixes ?? []) {
    conditions.push(hasWordStarting(clinics, prefix));
  }
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
