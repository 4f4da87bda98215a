import type { PatientRecord } from '@contracts/patients';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { conflict, notFound } from '../../errors';
import { erasePatientTexts } from './erase-patient-texts';
import { auditPatientChange } from './patient-audit';
import { requirePatientEditor } from './patient-editors';
import { toPatientRecord } from './patient-record-view';
import * as repo from './patient-records.repository';
import { ERASED, MERGED_AWAY, mergedDetails } from './update-patient';

const CHANGED_MEANWHILE =
  'Someone else changed this patient’s details since you opened them. Reload, check, and erase again.';

/**
 * Erases a patient's personal data at their request (the right to erasure): the record keeps its
 * id and its visits, so the clinic's counts and the audit log stay whole, but names, contact,
 * address, record number and notes are gone, and earlier edits' old and new values are struck
 * from the audit log (which fields changed, by whom and when, stays). Messages not yet sent are
 * withdrawn, and texts and replies lose their number and words (ADR 050). A patient with visits still to come, or waiting on the waitlist, is refused: those
 * are ended first, in the words their own screens use.
 */
export async function erasePatient(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: { version: number; reason: string },
): Promise<PatientRecord> {
  return deps.db.db.transaction(async (tx) => {
    const row = await repo.findPatientRecord(tx, [...ctx.user.clinicIds], id, true);
    if (!row) throw notFound('Patient not found.');
    requirePatientEditor(ctx, row.editorRoles);
    if (row.patient.erasedAt) throw conflict(ERASED);
    if (row.patient.mergedIntoId) throw conflict(MERGED_AWAY, mergedDetails(row));
    if (row.patient.version !== body.version) throw conflict(CHANGED_MEANWHILE);
    const now = deps.now();
    const open = await repo.openCommitments(tx, id, now);
    if (open.upcomingVisits > 0 || open.waiting > 0) {
      throw conflict('This patient still has upcoming visits or a place on the waitlist.', {
        details: `Cancel their ${open.upcomingVisits} upcoming visit(s) and take them off the waitlist (${open.waiting} waiting), then erase their data.`,
      });
    }
    await erasePatientTexts(tx, id);
    const patient = await repo.erasePatientData(tx, id, now);
    await auditPatientChange(tx, ctx, {
      patientId: id,
      action: 'erase',
      details: { reason: body.reason },
      at: now,
    });
    return toPatientRecord({ ...row, patient });
  });
}
