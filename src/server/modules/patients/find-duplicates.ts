import type { z } from 'zod';
import type {
  DuplicatePair,
  DuplicatePairPage,
  DuplicatePatient,
  listDuplicatePatientsQuery,
  PatientDuplicates,
} from '@contracts/patient-merge';
import { duplicateReasons, type DuplicateReason } from '@domain/patient-duplicates';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { notFound } from '../../errors';
import { clinicsAsked, decodeCursor, encodeCursor } from './list-patients';
import { auditPatientReads } from './patient-audit';
import { patientEditorClinicIds } from './patient-editors';
import * as merges from './patient-merge.repository';
import { toPatientRecord } from './patient-record-view';
import * as repo from './patient-records.repository';

type Query = z.output<typeof listDuplicatePatientsQuery>;

/** Patients looked at per query, and per request at most: a page costs the same on any clinic. */
const STRETCH = 2000;
const MOST_LOOKED_AT = 4000;

async function recordsById(deps: AppDeps, ids: readonly string[]) {
  const rows = await merges.duplicateRecords(deps.db.db, ids);
  return new Map(
    rows.map((r): [string, DuplicatePatient] => [
      r.patient.id,
      { ...toPatientRecord(r), visits: r.visits },
    ]),
  );
}

/** The records that likely stand for the same person as this one, most reasons first. */
export async function getPatientDuplicates(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<PatientDuplicates> {
  const db = deps.db.db;
  const row = await repo.findPatientRecord(db, [...ctx.user.clinicIds], id);
  if (!row) throw notFound('Patient not found.');
  const live = row.patient.mergedIntoId === null && row.patient.erasedAt === null;
  const candidates = live ? await merges.candidateIdsOf(db, id) : [];
  const [records, dismissed] = await Promise.all([
    recordsById(deps, [id, ...candidates]),
    merges.dismissedPairs(db, [id]),
  ]);
  const patient = records.get(id)!;
  const duplicates = candidates
    .filter((other) => !dismissed.has(merges.pairKey(id, other)))
    .flatMap((other) => {
      const record = records.get(other);
      const reasons = record ? duplicateReasons(patient, record) : [];
      return record && reasons.length > 0 ? [{ patient: record, reasons }] : [];
    })
    .sort((a, b) => b.reasons.length - a.reasons.length);
  await auditPatientReads(deps, ctx, [id, ...duplicates.map((d) => d.patient.id)]);
  return { patient, duplicates };
}

/**
 * A page of likely duplicate pairs among the caller's clinics' patients. Patients are walked in
 * name order, a stretch at a time, each with its candidates from the indexes; the domain rule
 * keeps the real pairs. The page ends after the patient whose pairs filled it, or once enough
 * patients were looked at, so a page may hold fewer pairs and still have a `next`.
 */
export async function listDuplicatePairs(
  deps: AppDeps,
  ctx: RequestContext,
  q: Query,
): Promise<DuplicatePairPage> {
  const clinicIds = clinicsAsked(ctx, q.clinic);
  let after =
    q.after === undefined
      ? undefined
      : decodeCursor(q.after, 'Start again from the first page of possible duplicates.');
  const pairs: DuplicatePair[] = [];
  let lookedAt = 0;
  let finished = false;
  while (!finished && pairs.length < q.limit && lookedAt < MOST_LOOKED_AT) {
    const rows = await merges.candidatePairsInStretch(deps.db.db, clinicIds, after, STRETCH);
    const patients = [...new Map(rows.map((r) => [r.id, r])).values()];
    finished = patients.length < STRETCH;
    lookedAt += patients.length;
    const ids = [...new Set(rows.flatMap((r) => (r.other_id ? [r.id, r.other_id] : [])))];
    const [records, dismissed] = await Promise.all([
      recordsById(deps, ids),
      merges.dismissedPairs(deps.db.db, ids),
    ]);
    for (const patient of patients) {
      after = { lastName: patient.last_name, firstName: patient.first_name, id: patient.id };
      for (const row of rows) {
        if (row.id !== patient.id || !row.other_id) continue;
        if (dismissed.has(merges.pairKey(row.id, row.other_id))) continue;
        const a = records.get(row.id);
        const b = records.get(row.other_id);
        const reasons: DuplicateReason[] = a && b ? duplicateReasons(a, b) : [];
        if (a && b && reasons.length > 0) pairs.push({ patients: [a, b], reasons });
      }
      if (pairs.length >= q.limit) {
        finished = finished && patient === patients.at(-1);
        break;
      }
    }
  }
  await auditPatientReads(deps, ctx, [
    ...new Set(pairs.flatMap((pair) => pair.patients.map((r) => r.id))),
  ]);
  const editable = await patientEditorClinicIds(deps.db.db, ctx);
  return {
    pairs,
    next: finished || !after ? null : encodeCursor(after),
    editableClinics: ctx.user.clinics.filter((c) => editable.has(c.id)).map((c) => c.slug),
  };
}
