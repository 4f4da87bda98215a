import { personName } from '@domain/person-name';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { badRequest, conflict, notFound } from '../../errors';
import { auditPatientChange } from './patient-audit';
import { requirePatientEditor } from './patient-editors';
import * as merges from './patient-merge.repository';
import * as repo from './patient-records.repository';

/**
 * Records that two patients are different people ("Not a duplicate"), so neither the list nor
 * either profile shows them as a pair again. Saying it twice changes nothing more.
 */
export async function dismissDuplicate(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  otherId: string,
): Promise<{ dismissed: true }> {
  if (otherId === id) {
    throw badRequest('A record cannot be compared with itself.', {
      fields: [{ field: 'otherId', message: 'must be another patient’s id' }],
    });
  }
  const clinicIds = [...ctx.user.clinicIds];
  return deps.db.db.transaction(async (tx) => {
    const [one, other] = await Promise.all([
      repo.findPatientRecord(tx, clinicIds, id),
      repo.findPatientRecord(tx, clinicIds, otherId),
    ]);
    if (!one) throw notFound('Patient not found.');
    requirePatientEditor(
      ctx,
      one.editorRoles,
      'Only admins and the roles they chose may mark records as different people.',
    );
    if (!other) throw notFound('The other record was not found among your clinics’ patients.');
    if (one.patient.clinicId !== other.patient.clinicId) {
      throw conflict('These records belong to different clinics; they are never shown as a pair.');
    }
    const now = deps.now();
    const added = await merges.insertDismissal(tx, {
      a: id,
      b: otherId,
      by: ctx.apiToken ? null : ctx.user.id,
      at: now,
    });
    if (added) {
      const details = { otherPatientId: otherId, otherName: personName(other.patient) };
      await auditPatientChange(tx, ctx, { patientId: id, action: 'dismiss', details, at: now });
    }
    return { dismissed: true as const };
  });
}
