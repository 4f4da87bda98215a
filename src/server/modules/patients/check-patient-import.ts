import type { z } from 'zod';
import type { checkPatientImportBody, PatientImport } from '@contracts/patient-import';
import { IMPORT_FIELDS, repeatedRows } from '@domain/patient-import';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { conflict } from '../../errors';
import { recallFile, rememberFile } from './patient-import-cache';
import { decideBatch, type Claims } from './patient-import-decide';
import { columnsOf, parseRows, readPatientFile, type ParsedRow } from './patient-import-file';
import { findOwnImport, getPatientImport, zeroCounts } from './patient-import-view';
import * as repo from './patient-import.repository';

type Body = z.output<typeof checkPatientImportBody>;

/** Rows decided per pair of queries: big enough to be few statements, small enough to plan well. */
export const IMPORT_BATCH_ROWS = 1000;

export const ALREADY_APPLIED =
  'This file was already imported. Upload it again to check it against the records as they are now.';
export const BEING_APPLIED = 'This file is being imported now. Wait until it is done.';

/** The file of an import, read and validated through a mapping, with its rows that repeat others. */
export async function rowsOfImport(
  deps: AppDeps,
  id: string,
  mapping: Body['mapping'],
): Promise<{ rows: ParsedRow[]; repeated: Map<number, string> } | null> {
  let file = recallFile(id);
  if (!file) {
    const bytes = await repo.readFileOf(deps.db.db, id);
    if (!bytes) return null;
    file = readPatientFile(bytes);
    rememberFile(id, file);
  }
  const rows = parseRows(file, columnsOf(file, mapping));
  const repeated = repeatedRows(
    rows.flatMap((r) =>
      r.fields
        ? [
            {
              rowNumber: r.rowNumber,
              keys: { recordNumber: r.fields.recordNumber ?? null, email: r.fields.email },
            },
          ]
        : [],
    ),
  );
  return { rows, repeated };
}

/**
 * The dry run: what each row would do, against the clinic's records as they are, written as the
 * import's rows with their reasons. No patient is changed. The mapping is kept for the apply and
 * as the clinic's next suggestion.
 */
export async function checkPatientImport(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: Body,
): Promise<PatientImport> {
  const row = await findOwnImport(deps, ctx, id);
  if (row.status === 'applied') throw conflict(ALREADY_APPLIED);
  if (row.status === 'applying') throw conflict(BEING_APPLIED);
  const read = await rowsOfImport(deps, id, body.mapping);
  if (!read) throw conflict(ALREADY_APPLIED);
  const counts = zeroCounts();
  const outcomes: repo.RowOutcome[] = [];
  const claims: Claims = new Map();
  for (let start = 0; start < read.rows.length; start += IMPORT_BATCH_ROWS) {
    const batch = read.rows.slice(start, start + IMPORT_BATCH_ROWS);
    for (const d of await decideBatch(
      deps.db.db,
      row.clinicId,
      batch,
      read.repeated,
      claims,
      false,
    )) {
      counts[d.outcome]++;
      outcomes.push({
        rowNumber: d.rowNumber,
        outcome: d.outcome,
        reason: d.reason,
        patientId: d.patientId,
      });
    }
  }
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, body.mapping[f] || null]));
  await deps.db.db.transaction(async (tx) => {
    await repo.deleteRowOutcomes(tx, id);
    for (let start = 0; start < outcomes.length; start += 5 * IMPORT_BATCH_ROWS) {
      await repo.writeRowOutcomes(tx, id, outcomes.slice(start, start + 5 * IMPORT_BATCH_ROWS));
    }
    if (!(await repo.markChecked(tx, id, { mapping, counts }))) throw conflict(BEING_APPLIED);
  });
  return getPatientImport(deps, ctx, id);
}
