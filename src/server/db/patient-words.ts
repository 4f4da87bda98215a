import { sql, type SQL } from 'drizzle-orm';
import { pastPrefix } from './prefix-range';
import * as t from './schema';

/**
 * Whether a patient has a word starting with `prefix` (normalised by normalizeSearchText), as a
 * condition on patients.id: one short range of patient_search_words' prefix index per clinic
 * (ADR 005). `clinics` is the SQL of the uuid[] the patients are scoped to; `patientId` the
 * column compared (patients.id unless said).
 */
export function hasWordStarting(
  clinics: SQL,
  prefix: string,
  patientId: SQL = sql`${t.patients.id}`,
): SQL {
  const w = t.patientSearchWords;
  const past = pastPrefix(prefix);
  return sql`${patientId} in (
      select ${w.patientId} from ${w}
      where ${w.clinicId} = any(${clinics}) and ${w.word} ~>=~ ${prefix}
        ${past === null ? sql`` : sql`and ${w.word} ~<~ ${past}`})`;
}
