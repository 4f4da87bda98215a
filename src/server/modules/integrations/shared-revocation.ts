import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../core/request-context';
import { forbidden, notFound } from '../../errors';
import { auditChange, type AuditEntityType } from '../audit';
import type { NamedClinic } from '../../db/clinic-columns';

/** What a credential several clinics may share (an integration token, a SMART client) offers. */
export interface SharedCredential<Row> {
  /** The audit log's name for it. */
  entityType: AuditEntityType;
  notFound: string;
  /** Why an admin of only some of its clinics may not revoke it. */
  sharedRefused: string;
  /** Reads it for update, when it serves any of these clinics. */
  lock(tx: Executor, id: string, clinicIds: string[]): Promise<SharedRow | undefined>;
  revoke(tx: Executor, id: string, byUserId: string, at: Date): Promise<unknown>;
  /** Reads it again, as the admin's list shows it. */
  find(db: Executor, id: string, clinicIds: string[]): Promise<Row | undefined>;
}

interface SharedRow {
  clinicIds: string[];
  revokedAt: Date | null;
}

/**
 * Revokes a credential at once. Only an admin of all its clinics may (else 403): one serving
 * several clinics is theirs together, and one clinic's admin must not cut off the others'
 * integration (ADR 030). Locked, so its clinics cannot change between the check and the
 * revocation; revoking a revoked one changes nothing. Audited.
 */
export async function revokeSharedCredential<Row>(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  credential: SharedCredential<Row>,
): Promise<Row> {
  const clinicIds = [...ctx.user.clinicIds];
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    const row = await credential.lock(tx, id, clinicIds);
    if (!row) throw notFound(credential.notFound);
    if (!row.clinicIds.every((c) => ctx.user.clinicIds.has(c))) {
      throw forbidden(credential.sharedRefused);
    }
    if (row.revokedAt) return;
    await credential.revoke(tx, id, ctx.user.id, now);
    await auditChange(
      tx,
      ctx,
      { action: 'revoke', entityType: credential.entityType, entityId: id, patientId: null },
      now,
    );
  });
  const revoked = await credential.find(deps.db.db, id, clinicIds);
  if (!revoked) throw notFound(credential.notFound);
  return revoked;
}

/**
 * What the admins' lists show of any shared credential: the clinics of the admin's it serves, how
 * many others, whether the admin may revoke it (all its clinics are theirs), and its life.
 */
export function sharedCredentialView(
  credential: SharedRow & { createdAt: Date; createdBy: string | null; lastUsedAt: Date | null },
  row: { clinics: NamedClinic[]; createdByName: string | null },
  mine: ReadonlySet<string>,
) {
  return {
    clinics: row.clinics.filter((c) => mine.has(c.id)),
    otherClinics: credential.clinicIds.filter((id) => !mine.has(id)).length,
    canManage: credential.clinicIds.every((id) => mine.has(id)),
    createdAt: credential.createdAt.toISOString(),
    createdBy:
      credential.createdBy && row.createdByName !== null
        ? { id: credential.createdBy, name: row.createdByName }
        : null,
    lastUsedAt: credential.lastUsedAt?.toISOString() ?? null,
    revokedAt: credential.revokedAt?.toISOString() ?? null,
  };
}
