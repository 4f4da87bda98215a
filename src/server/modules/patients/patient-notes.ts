import type { PatientNote } from '@contracts/patients';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { conflict, notFound } from '../../errors';
import { auditPatientChange } from './patient-audit';
import { requirePatientEditor } from './patient-editors';
import * as repo from './patient-records.repository';
import { MERGED_AWAY, mergedDetails } from './update-patient';

/** Adds a note to a patient's record, signed with its author's name as it is today. */
export async function addPatientNote(
  deps: AppDeps,
  ctx: RequestContext,
  patientId: string,
  text: string,
): Promise<PatientNote> {
  return deps.db.db.transaction(async (tx) => {
    // Locked, so a note and a merge of this record queue: the note never lands on a merged record.
    const row = await repo.findPatientRecord(tx, [...ctx.user.clinicIds], patientId, true);
    if (!row) throw notFound('Patient not found.');
    requirePatientEditor(ctx, row.editorRoles);
    if (row.patient.mergedIntoId) throw conflict(MERGED_AWAY, mergedDetails(row));
    const now = deps.now();
    const note = await repo.insertPatientNote(tx, {
      patientId,
      authorId: ctx.user.id,
      authorName: ctx.user.name,
      body: text,
      createdAt: now,
    });
    await auditPatientChange(tx, ctx, {
      patientId,
      action: 'notes',
      details: { noteId: note.id },
      at: now,
    });
    return { id: note.id, text: note.body, author: note.authorName, at: now.toISOString() };
  });
}
