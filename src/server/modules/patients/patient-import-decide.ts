import type { ImportedPatientFields } from '@contracts/patient-import';
import { decideRow, sameName, type ExistingPatient } from '@domain/patient-import';
import type { FieldChange } from '@domain/patients';
import type { Executor } from '../../db/client';
import type { ParsedRow } from './patient-import-file';
import * as repo from './patient-import.repository';

/** A row's outcome with what the apply needs to write it. */
export interface DecidedRow extends repo.RowOutcome {
  fields?: ImportedPatientFields;
  existing?: ExistingPatient;
  changes: FieldChange[];
}

/** Rows and the patients they already touched in this run: one patient, one row of the file. */
export type Claims = Map<string, number>;

/**
 * What each row of a batch comes to: two queries for the whole batch (its keys, then the dates
 * of birth of the rows that matched nobody), never one per row. `repeated` holds the rows that
 * repeat an earlier row of the file; `lock` locks the matched patients for the apply's writes.
 */
export async function decideBatch(
  db: Executor,
  clinicId: string,
  batch: readonly ParsedRow[],
  repeated: ReadonlyMap<number, string>,
  claims: Claims,
  lock: boolean,
): Promise<DecidedRow[]> {
  const candidates = batch.filter(
    (r): r is ParsedRow & { fields: ImportedPatientFields } =>
      r.fields !== undefined && !repeated.has(r.rowNumber),
  );
  const recordNumbers = candidates.flatMap((r) =>
    r.fields.recordNumber ? [r.fields.recordNumber.toLowerCase()] : [],
  );
  const emails = candidates.map((r) => r.fields.email.toLowerCase());
  const matched = candidates.length
    ? await repo.findByKeys(db, clinicId, { recordNumbers, emails }, lock)
    : [];
  const byRecord = new Map<string, ExistingPatient>();
  const byEmail = new Map<string, ExistingPatient>();
  for (const p of matched) {
    if (typeof p.recordNumber === 'string') byRecord.set(p.recordNumber.toLowerCase(), p);
    byEmail.set(String(p.email).toLowerCase(), p);
  }
  const keysOf = (f: ImportedPatientFields) => ({
    byRecordNumber: (f.recordNumber && byRecord.get(f.recordNumber.toLowerCase())) || null,
    byEmail: byEmail.get(f.email.toLowerCase()) ?? null,
  });
  const dobs = [
    ...new Set(
      candidates.flatMap((r) => {
        const k = keysOf(r.fields);
        return !k.byRecordNumber && !k.byEmail && r.fields.dob ? [r.fields.dob] : [];
      }),
    ),
  ];
  const byDob = new Map<string, ExistingPatient[]>();
  for (const p of dobs.length ? await repo.findByBirthDates(db, clinicId, dobs) : []) {
    const list = byDob.get(String(p.dob)) ?? [];
    list.push(p);
    byDob.set(String(p.dob), list);
  }

  return batch.map((row): DecidedRow => {
    const base = { rowNumber: row.rowNumber, patientId: null, changes: [] };
    if (row.invalid !== undefined) return { ...base, outcome: 'invalid', reason: row.invalid };
    const again = repeated.get(row.rowNumber);
    if (again) return { ...base, outcome: 'duplicate', reason: again };
    const f = row.fields;
    const keys = keysOf(f);
    const sameNameAndBirth =
      (f.dob &&
        byDob
          .get(f.dob)
          ?.find(
            (p) =>
              sameName(String(p.firstName), f.firstName) &&
              sameName(String(p.lastName), f.lastName),
          )) ||
      null;
    const decision = decideRow(f, { ...keys, sameNameAndBirth });
    const existing = keys.byRecordNumber ?? keys.byEmail ?? undefined;
    if (existing && (decision.outcome === 'updated' || decision.outcome === 'unchanged')) {
      const earlier = claims.get(existing.id);
      if (earlier !== undefined) {
        return {
          ...base,
          outcome: 'duplicate',
          reason: `This is the patient of row ${earlier} of this file again.`,
          patientId: existing.id,
        };
      }
      claims.set(existing.id, row.rowNumber);
    }
    return {
      rowNumber: row.rowNumber,
      outcome: decision.outcome,
      reason: decision.reason,
      patientId: decision.patientId,
      fields: f,
      existing,
      changes: decision.changes,
    };
  });
}
