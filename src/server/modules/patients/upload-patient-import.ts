import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { PatientImportUpload, uploadPatientImportQuery } from '@contracts/patient-import';
import { suggestMapping, type ImportMapping } from '@domain/patient-import';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { badRequest, notFound } from '../../errors';
import { requireMemberClinic } from '../clinics';
import { rememberFile } from './patient-import-cache';
import { readPatientFile } from './patient-import-file';
import { requireImporter, toPatientImport } from './patient-import-view';
import * as repo from './patient-import.repository';

type Query = z.output<typeof uploadPatientImportQuery>;

/** Rows shown under the headers to help choose the columns. */
const PREVIEW_ROWS = 5;

/** The clinic the file's patients join: the one named, or the caller's only clinic. */
function clinicOf(ctx: RequestContext, ref: string | undefined) {
  if (ref) {
    const byId = ctx.user.clinics.find((c) => c.id === ref);
    return byId ?? requireMemberClinic(ctx.user, ref);
  }
  const [only, ...others] = ctx.user.clinics;
  if (!only || others.length > 0) {
    throw badRequest('Choose the clinic these patients belong to.', {
      details: 'You work at several clinics: say which one this file is for (clinic).',
      fields: [{ field: 'clinic', message: 'is required when you work at several clinics' }],
    });
  }
  return only;
}

/**
 * Keeps an uploaded file for its dry run once it reads as CSV, and answers what choosing its
 * columns needs: the headers, the first rows, and the mapping to start from.
 */
export async function uploadPatientImport(
  deps: AppDeps,
  ctx: RequestContext,
  query: Query,
  bytes: Buffer,
): Promise<PatientImportUpload> {
  const clinic = clinicOf(ctx, query.clinic);
  await requireImporter(deps, ctx, clinic.id);
  const file = readPatientFile(bytes);
  const db = deps.db.db;
  const previous = (await repo.lastMapping(db, clinic.id)) as ImportMapping | null;
  const id = await repo.insertImport(db, {
    clinicId: clinic.id,
    createdBy: ctx.user.id,
    fileName: query.fileName,
    fileSha256: createHash('sha256').update(bytes).digest('hex'),
    file: bytes,
    totalRows: file.records.length,
    createdAt: deps.now(),
  });
  rememberFile(id, file);
  const row = await repo.findImport(db, [clinic.id], id);
  if (!row) throw notFound('Import not found.');
  return {
    import: toPatientImport(row),
    encoding: file.encoding,
    headers: file.headers,
    preview: file.records.slice(0, PREVIEW_ROWS).map((r) => r.cells),
    suggestedMapping: suggestMapping(file.headers, previous),
  };
}
