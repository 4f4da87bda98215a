import type { AuditAction } from '../audit';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import type { Executor } from '../../db/client';
import { auditChange, auditReads } from '../audit';

/** Patients shown or taken out (`export`), each audited as the caller's read of their record. */
export function auditPatientReads(
  deps: AppDeps,
  ctx: RequestContext,
  ids: readonly string[],
  action: 'read' | 'export' = 'read',
): Promise<void> {
  return auditReads(
    deps,
    ctx,
    'patient',
    ids.map((id) => ({ id, patientId: id })),
    { action },
  );
}

/** One change of a patient's record, audited in the transaction that makes it. */
export function auditPatientChange(
  tx: Executor,
  ctx: RequestContext,
  change: { patientId: string; action: AuditAction; details: Record<string, unknown>; at: Date },
): Promise<void> {
  return auditChange(
    tx,
    ctx,
    {
      action: change.action,
      entityType: 'patient',
      entityId: change.patientId,
      patientId: change.patientId,
      details: change.details,
    },
    change.at,
  );
}
