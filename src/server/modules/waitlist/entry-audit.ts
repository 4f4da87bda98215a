import type { Executor } from '../../db/client';
import { recordAudit, type AuditAction, type AuditActor } from '../audit';

/** The waitlist acting by itself (an offer sent, a hold lapsed): no user and no address. */
const WAITLIST_AUDIT_ACTOR: AuditActor = { userId: null, ip: '' };

/** One audit row of a waitlist entry's change. */
export interface EntryAudit {
  action: AuditAction;
  entryId: string;
  patientId: string;
  at: Date;
  /** Staff, or the patient by their offer link (no user, their address); else the waitlist. */
  by?: AuditActor;
  details?: Record<string, unknown>;
}

export async function auditEntry(tx: Executor, entry: EntryAudit): Promise<void> {
  await recordAudit(
    tx,
    entry.by ?? WAITLIST_AUDIT_ACTOR,
    [
      {
        action: entry.action,
        entityType: 'waitlist_entry',
        entityId: entry.entryId,
        patientId: entry.patientId,
        details: entry.details,
      },
    ],
    entry.at,
  );
}
