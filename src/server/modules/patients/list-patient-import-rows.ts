import type { z } from 'zod';
import type { listPatientImportRowsQuery, PatientImportRowPage } from '@contracts/patient-import';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { findOwnImport } from './patient-import-view';
import * as repo from './patient-import.repository';

type Query = z.output<typeof listPatientImportRowsQuery>;

/** A page of an import's rows in file order, of one outcome or all; continues after `after`. */
export async function listPatientImportRows(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  q: Query,
): Promise<PatientImportRowPage> {
  await findOwnImport(deps, ctx, id);
  const rows = await repo.listRowOutcomes(deps.db.db, id, { ...q, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  return {
    rows: page.map((r) => ({
      ...r,
      outcome: r.outcome as PatientImportRowPage['rows'][number]['outcome'],
    })),
    next: rows.length > q.limit ? page.at(-1)!.rowNumber : null,
  };
}
