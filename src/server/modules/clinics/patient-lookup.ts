import { normalizeSearchText } from '@domain/search-text';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { auditReads } from '../audit';
import * as repo from './patient-lookup.repository';
import type { PatientRow } from './patients.repository';

export type PatientRecord = PatientRow & {
  /** The records merged into this one (ADR 042), for FHIR's `replaces` links. */
  replaces: string[];
};

export interface PatientCriteria {
  ids?: readonly string[];
  emails?: readonly string[];
  /** Text a person typed: each of its words must start a word of the patient's name or email. */
  name?: string;
  after?: repo.PatientLookup['after'];
  limit: number;
  fields?: repo.PatientFieldFilters;
  /** False where the caller reads back what it just wrote, which is audited as that write. */
  audit?: boolean;
}

/**
 * A page of the caller's clinics' patients (`limit` of them) and whether more follow. Each one
 * shown is audited as a read, as a search of the JSON API is.
 */
export async function lookUpPatients(
  deps: AppDeps,
  ctx: RequestContext,
  criteria: PatientCriteria,
): Promise<{ records: PatientRecord[]; more: boolean }> {
  const words = criteria.name === undefined ? undefined : normalizeSearchText(criteria.name);
  if (words === '') return { records: [], more: false };
  const rows = await repo.lookUpPatients(deps.db.db, {
    clinicIds: [...ctx.user.clinicIds],
    ids: criteria.ids,
    emails: criteria.emails,
    wordPrefixes: words?.split(' '),
    after: criteria.after,
    fields: criteria.fields,
    limit: criteria.limit + 1,
  });
  const found = rows.slice(0, criteria.limit);
  const merged = await repo.mergedInto(
    deps.db.db,
    found.map((r) => r.id),
  );
  const shown = found.map((r) => ({ ...r, replaces: merged.get(r.id) ?? [] }));
  if (criteria.audit === false) return { records: shown, more: rows.length > criteria.limit };
  await auditReads(
    deps,
    ctx,
    'patient',
    shown.map((r) => ({ id: r.id, patientId: r.id })),
  );
  return { records: shown, more: rows.length > criteria.limit };
}

/** How many of the caller's clinics' patients match (none is shown, so nothing is audited). */
export async function countPatientRecords(
  deps: AppDeps,
  ctx: RequestContext,
  criteria: Omit<PatientCriteria, 'after' | 'limit' | 'audit'>,
): Promise<number> {
  const words = criteria.name === undefined ? undefined : normalizeSearchText(criteria.name);
  if (words === '') return 0;
  return repo.countPatients(deps.db.db, {
    clinicIds: [...ctx.user.clinicIds],
    ids: criteria.ids,
    emails: criteria.emails,
    wordPrefixes: words?.split(' '),
    fields: criteria.fields,
  });
}
