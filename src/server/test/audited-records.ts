import { and, eq, ne } from 'drizzle-orm';
import * as t from '../db/schema';
import type { Executor } from '../db/client';
import type { AuditEntityType } from '../modules/audit';

/**
 * Every record the audit log names, one entry per record: a row of one record as it is, a row
 * of several (a list's read, ADR 007) spread by position. For tests that ask what was audited
 * rather than how it is stored. Sign-ins, which a test's callers start with, are left out.
 */
export async function auditedRecords(db: Executor) {
  const rows = await db
    .select()
    .from(t.auditLog)
    .where(ne(t.auditLog.action, 'sign_in'))
    .orderBy(t.auditLog.id);
  return rows.flatMap(({ entityIds, patientIds, ...row }) =>
    entityIds
      ? entityIds.map((entityId, i) => ({ ...row, entityId, patientId: patientIds![i] ?? null }))
      : [row],
  );
}

/** The audit entries of one record, oldest first: what was done to it, by whom, with what. */
export function auditOfRecord(db: Executor, entityType: AuditEntityType, entityId: string) {
  return db
    .select({ action: t.auditLog.action, userId: t.auditLog.userId, details: t.auditLog.details })
    .from(t.auditLog)
    .where(and(eq(t.auditLog.entityType, entityType), eq(t.auditLog.entityId, entityId)))
    .orderBy(t.auditLog.id);
}
