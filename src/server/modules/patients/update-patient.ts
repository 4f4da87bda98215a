import type { z } from 'zod';
import type { PatientRecord, updatePatientBody } from '@contracts/patients';
import { changedFields } from '@domain/patients';
import { personName } from '@domain/person-name';
import { normalizeSearchText } from '@domain/search-text';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { ConflictError, translateDbError } from '../../db/errors';
import { conflict, notFound } from '../../errors';
import { auditPatientChange } from './patient-audit';
import { requirePatientEditor } from './patient-editors';
import { toPatientRecord } from './patient-record-view';
import * as repo from './patient-records.repository';
import type { PatientRecordRow } from './patient-records.repository';

type Body = z.output<typeof updatePatientBody>;

const CHANGED_MEANWHILE =
  'Someone else changed this patient’s details since you opened them. Reload to see their changes, then make yours again.';

export const ERASED =
  'This patient’s personal data was erased at their request; the record can no longer be changed.';

export const MERGED_AWAY =
  'This record was merged into another record of the same patient; make changes on that record.';

/** What a unique key that refused an edit means to the person who made it. */
const TAKEN: Record<string, { message: string; field: string }> = {
  patients_clinic_email_key: {
    message: 'Another patient of this clinic has this e-mail address.',
    field: 'email',
  },
  patients_clinic_record_number_key: {
    message: 'Another patient of this clinic has this record number.',
    field: 'recordNumber',
  },
};

/** Where the record went: the error names the kept record's id for a client to follow. */
export function mergedDetails(row: PatientRecordRow) {
  return {
    details:
      'Open the kept record from this one’s profile (“Merged into”), and make the change there.',
    existingPatientId: row.patient.mergedIntoId ?? undefined,
  };
}

/**
 * Corrects a patient's details: only if nobody changed them since `version` was read, and with
 * one audit row naming each field's old and new value (the profile's history reads it). The
 * unique keys decide between two patients given one e-mail or record number at once.
 */
export async function updatePatient(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: Body,
): Promise<PatientRecord> {
  const { version, archived, ...fields } = body;
  try {
    return await deps.db.db.transaction(async (tx) => {
      const row = await repo.findPatientRecord(tx, [...ctx.user.clinicIds], id, true);
      if (!row) throw notFound('Patient not found.');
      requirePatientEditor(ctx, row.editorRoles);
      if (row.patient.version !== version) throw conflict(CHANGED_MEANWHILE);
      if (row.patient.erasedAt) throw conflict(ERASED);
      if (row.patient.mergedIntoId) throw conflict(MERGED_AWAY, mergedDetails(row));
      const now = deps.now();
      const wasArchived = row.patient.archivedAt !== null;
      const changes = [
        ...changedFields(row.patient, fields),
        ...(archived === undefined || archived === wasArchived
          ? []
          : [{ field: 'archived', from: wasArchived, to: archived }]),
      ];
      if (changes.length === 0) return toPatientRecord(row);
      const next = { ...row.patient, ...fields };
      const patient = await repo.updatePatient(
        tx,
        id,
        {
          ...fields,
          ...(archived === undefined
            ? {}
            : { archivedAt: archived ? (row.patient.archivedAt ?? now) : null }),
          searchText: normalizeSearchText(
            next.firstName,
            next.preferredName,
            next.lastName,
            next.email,
          ),
        },
        now,
      );
      await auditPatientChange(tx, ctx, {
        patientId: id,
        action: 'update',
        details: { changes, name: personName(patient) },
        at: now,
      });

      return toPatientRecord({ ...row, patient });
    });
  } catch (err) {
    const translated = translateDbError(err);
    const taken =
      translated instanceof ConflictError ? TAKEN[translated.constraint ?? ''] : undefined;
    if (taken) {
      throw conflict(taken.message, {
        details: `${taken.message} Search for them first: they may be the same person.`,
        fields: [{ field: taken.field, message: 'is already used by another patient' }],
      });
    }
    throw err;
  }
}
