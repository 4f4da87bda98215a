import type { ImportCounts, ImportMappingBody, PatientImport } from '@contracts/patient-import';
import { IMPORT_OUTCOMES } from '@domain/patient-import';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { forbidden, notFound } from '../../errors';
import { patientEditorClinicIds } from './patient-editors';
import * as repo from './patient-import.repository';

export const NOT_AN_IMPORTER =
  'Only admins and the roles they chose may import this clinic’s patients. Ask one of them to import this file.';

/**
 * Imports change patient records: the same people may do it as may edit the clinic's records
 * (its admins choose who, ADR 041).
 */
export async function requireImporter(
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
): Promise<void> {
  if (!(await patientEditorClinicIds(deps.db.db, ctx)).has(clinicId)) {
    throw forbidden(NOT_AN_IMPORTER);
  }
}

export const zeroCounts = (): ImportCounts =>
  Object.fromEntries(IMPORT_OUTCOMES.map((o) => [o, 0])) as ImportCounts;

export function toPatientImport(row: repo.ImportRow): PatientImport {
  return {
    id: row.id,
    clinic: { slug: row.clinicSlug, name: row.clinicName },
    fileName: row.fileName,
    status: row.status as PatientImport['status'],
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    counts: row.counts ? { ...zeroCounts(), ...row.counts } : null,
    mapping: (row.mapping as ImportMappingBody | null) ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** An import of one of the caller's clinics, which they may import into; else 403 or 404. */
export async function findOwnImport(deps: AppDeps, ctx: RequestContext, id: string) {
  const row = await repo.findImport(deps.db.db, [...ctx.user.clinicIds], id);
  if (!row) throw notFound('Import not found.');
  await requireImporter(deps, ctx, row.clinicId);
  return row;
}

export async function getPatientImport(deps: AppDeps, ctx: RequestContext, id: string) {
  return toPatientImport(await findOwnImport(deps, ctx, id));
}
