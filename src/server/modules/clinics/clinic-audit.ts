import type { Executor } from '../../db/client';
import type { RequestContext } from '../../core/request-context';
import { auditChange } from '../audit';

/** One field of a clinic's settings, as it was and as it is now. */
export interface ClinicChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** Audits a change to a clinic's settings: which fields, from what to what. */
export function auditClinicChanges(
  tx: Executor,
  ctx: RequestContext,
  clinicId: string,
  changes: ClinicChange[],
  at: Date,
) {
  return auditChange(
    tx,
    ctx,
    {
      action: 'update',
      entityType: 'clinic',
      entityId: clinicId,
      patientId: null,
      details: { changes },
    },
    at,
  );
}
