import type { z } from 'zod';
import type { MergeResult, mergePatientsBody } from '@contracts/patient-merge';
import { fieldsToFill } from '@domain/patient-duplicates';
import { personName } from '@domain/person-name';
import { normalizeSearchText } from '@domain/search-text';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { badRequest, conflict, notFound } from '../../errors';
import { moveAppointmentsToPatient } from '../appointments';
import { auditPatientChange } from './patient-audit';
import { requirePatientEditor } from './patient-editors';
import * as merges from './patient-merge.repository';
import { toPatientRecord } from './patient-record-view';
import * as repo from './patient-records.repository';
import type { PatientRecordRow } from './patient-records.repository';

type Body = z.output<typeof mergePatientsBody>;

export const MAY_NOT_MERGE =
  'Only admins and the roles they chose may merge this clinic’s patient records.';

/** Why a record cannot take part in a merge, in the words of the one who asked; null if it can. */
function refusal(row: PatientRecordRow, role: 'kept' | 'merged away'): string | null {
  const name = personName(row.patient);
  if (row.patient.erasedAt) {
    return `${name}’s personal data was erased; an erased record cannot be merged.`;
  }
  if (row.patient.mergedIntoId) {
    return role === 'kept'
      ? `${name}’s record was itself merged into another; keep that one instead.`
      : `${name}’s record was already merged into another.`;
  }
  return null;
}

/**
 * Makes two records of one person one: the kept record takes the other's appointments (each
 * through the one write path, ADR 040), waitlist entries, series, notes and dismissed pairs, and
 * the fields it leaves empty; the other is archived and points at it. Both rows are locked in
 * uuid order first (two merges of one pair either way round queue instead of deadlocking), and
 * the versions read must still stand. A booking for either record holds its row (FOR KEY SHARE)
 * until it commits: one that came first is moved here, one that comes after is refused.
 */
export async function mergePatients(
  deps: AppDeps,
  ctx: RequestContext,
  keptId: string,
  body: Body,
): Promise<MergeResult> {
  const awayId = body.mergedAwayId;
  if (awayId === keptId) {
    throw badRequest('A record cannot be merged into itself.', {
      details: 'Choose the other record of this person to merge into this one.',
      fields: [{ field: 'mergedAwayId', message: 'must be another patient’s id' }],
    });
  }
  const clinicIds = [...ctx.user.clinicIds];
  return deps.db.db.transaction(async (tx) => {
    const locked = new Map<string, PatientRecordRow | undefined>();
    for (const id of [keptId, awayId].sort()) {
      locked.set(id, await repo.findPatientRecord(tx, clinicIds, id, true));
    }
    const kept = locked.get(keptId);
    const away = locked.get(awayId);
    if (!kept) throw notFound('Patient not found.');
    if (!away) throw notFound('The record to merge was not found among your clinics’ patients.');
    requirePatientEditor(ctx, kept.editorRoles, MAY_NOT_MERGE);
    if (kept.patient.clinicId !== away.patient.clinicId) {
      throw conflict('These records belong to different clinics and cannot be merged.', {
        details: 'Only two records of one clinic can be merged.',
      });
    }
    const refused = refusal(kept, 'kept') ?? refusal(away, 'merged away');
    if (refused) throw conflict(refused);
    if (kept.patient.version !== body.version || away.patient.version !== body.mergedAwayVersion) {
      throw conflict('One of these records was changed since you opened it.', {
        details: 'Reload both records, check what changed, and merge again.',
      });
    }
    const now = deps.now();
    const appointments = await moveAppointmentsToPatient(
      tx,
      deps,
      ctx,
      { from: away.patient, to: kept.patient, clinicIds },
      now,
    );
    const moved = await merges.moveRecords(tx, awayId, keptId, now);
    const { dismissals } = await merges.handOverReferences(tx, awayId, keptId);
    const filled = fieldsToFill(kept.patient, away.patient);
    // The record number moves rather than being copied: it is unique in the clinic.
    const mergedAway = await merges.markMerged(
      tx,
      awayId,
      keptId,
      now,
      filled.recordNumber ? { recordNumber: null } : {},
    );
    const keptPatient =
      Object.keys(filled).length > 0
        ? await repo.updatePatient(
            tx,
            keptId,
            {
              ...filled,
              searchText: normalizeSearchText(
                kept.patient.firstName,
                kept.patient.preferredName ?? filled.preferredName,
                kept.patient.lastName,
                kept.patient.email,
              ),
            },
            now,
          )
        : kept.patient;
    const details = {
      keptId,
      mergedAwayId: awayId,
      mergedAwayName: personName(away.patient),
      keptName: personName(kept.patient),
      appointments,
      ...moved,
      dismissals,
      changes: Object.entries(filled).map(([field, to]) => ({ field, from: null, to })),
    };
    await auditPatientChange(tx, ctx, { patientId: keptId, action: 'merge', details, at: now });
    await auditPatientChange(tx, ctx, { patientId: awayId, action: 'merge', details, at: now });
    return {
      kept: toPatientRecord({ ...kept, patient: keptPatient }),
      mergedAwayId: mergedAway.id,
      moved: {
        appointments: appointments.length,
        waitlistEntries: moved.waitlistEntries.length,
        series: moved.series.length,
        notes: moved.notes.length,
      },
      filled: Object.keys(filled),
    };
  });
}
