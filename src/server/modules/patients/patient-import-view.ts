import type { ImportCounts, ImportMappingBody, PatientImport } from '@contracts/patient-import';
import { IMPORT_OUTCOMES } from '@domain/patient-import';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { forbidden, notFound } from '../../errors';
import { mayEditPatients } from './patient-editors';
import * as repo from './patient-import.repository';

export const NOT_AN_IMPORTER =
  'Only the front desk and admins import patients. Ask one of them to import this file.';

/** Imports change patient records: the same people may do it as may edit them (one check). */
export function requireImporter(ctx: RequestContext): void {
  if (!mayEditPatients(ctx)) throw forbidden(NOT_AN_IMPORTER);
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
  requireImporter(ctx);
  const row = await repo.findImport(deps.db.db, [...ctx.user.clinicIds], id);
  if (!row) throw notFound('Import not found.');
  return row;
}

export async function getPatientImport(deps: AppDeps, ctx: RequestContext, id: string) {
  return toPatientImport(await findOwnImport(deps, ctx, id));
}
