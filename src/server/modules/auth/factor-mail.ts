import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import { factorChangedRow, queueNotifications, type FactorChange } from '../notifications';

/**
 * Queues the e-mail telling a user that a second factor of theirs was added or removed, or their
 * recovery codes made anew (ADR 046). Call it in the transaction that made the change, so the
 * e-mail goes exactly when the change stands. Its clinic (whose admins may see that it was sent)
 * is the user's first by name, as for a password reset.
 */
export async function queueFactorChangedMail(
  db: Executor,
  user: { id: string; email: string; name: string },
  change: FactorChange,
  now: Date,
) {
  const [clinic] = await db
    .select({ id: t.clinics.id })
    .from(t.clinicMembers)
    .innerJoin(t.clinics, eq(t.clinics.id, t.clinicMembers.clinicId))
    .where(eq(t.clinicMembers.userId, user.id))
    .orderBy(asc(t.clinics.name), asc(t.clinics.id))
    .limit(1);
  await queueNotifications(
    db,
    [factorChangedRow(user, { ...change, at: now.toISOString() }, clinic?.id ?? null)],
    now,
  );
}

/**
 * A change to a user's second factors, as its transaction records it: the audit entry on the
 * user, then the e-mail that tells them (ADR 046). Every factor (an app, a passkey, recovery
 * codes) is added and removed through this, so none is changed without both.
 */
export async function recordFactorChange(
  db: Executor,
  caller: AuditActor,
  user: { id: string; email: string; name: string },
  change: {
    action: 'factor_add' | 'factor_remove';
    details: Record<string, unknown>;
    mail: FactorChange;
  },
  now: Date,
) {
  await recordAudit(
    db,
    caller,
    [
      {
        action: change.action,
        entityType: 'user',
        entityId: user.id,
        patientId: null,
        details: change.details,
      },
    ],
    now,
  );
  await queueFactorChangedMail(db, user, change.mail, now);
}
