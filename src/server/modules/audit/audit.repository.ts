import { and, desc, eq, exists, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

export type AuditAction =
  'read' | 'create' | 'update' | 'cancel' | 'mark' | 'reschedule' | 'reassign' | 'join';
export type AuditEntityType = 'patient' | 'appointment';

export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  /** The patient the record belongs to, so an admin can ask "who saw this patient". */
  patientId: string | null;
  details?: Record<string, unknown>;
}

export interface AuditActor {
  userId: string | null;
  ip: string;
}

/**
 * One multi-row insert for any number of entries: a list of 20 appointments costs one round
 * trip, not 20. Pass the open transaction for a change so the audit row commits with it.
 */
export async function recordAudit(
  db: Executor,
  actor: AuditActor,
  entries: readonly AuditEntry[],
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(t.auditLog).values(
    entries.map((e) => ({
      at,
      userId: actor.userId,
      ip: actor.ip,
      action: e.action,
      entityType: e.entityType,
      entityId: e.entityId,
      patientId: e.patientId,
      details: e.details ?? null,
    })),
  );
}

export interface AuditFilter {
  /** Rows about these clinics' patients, or by users of these clinics: the admin's clinics. */
  clinicIds: readonly string[];
  userId?: string;
  patientId?: string;
  from?: Date;
  to?: Date;
  offset: number;
  limit: number;
}

/** A page of audit rows, newest first, with who did it and whose record it was in one query. */
export async function listAuditEntries(db: Executor, filter: AuditFilter) {
  const clinicIds = [...filter.clinicIds];
  const actorSharesClinic = db
    .select({ one: sql`1` })
    .from(t.clinicMembers)
    .where(
      and(
        eq(t.clinicMembers.userId, t.auditLog.userId),
        inArray(t.clinicMembers.clinicId, clinicIds),
      ),
    );
  return db
    .select({
      id: t.auditLog.id,
      at: t.auditLog.at,
      action: t.auditLog.action,
      entityType: t.auditLog.entityType,
      entityId: t.auditLog.entityId,
      patientId: t.auditLog.patientId,
      ip: t.auditLog.ip,
      details: t.auditLog.details,
      userId: t.users.id,
      userName: t.users.name,
      userEmail: t.users.email,
      patientClinicId: t.patients.clinicId,
      patientFirstName: t.patients.firstName,
      patientLastName: t.patients.lastName,
    })
    .from(t.auditLog)
    .leftJoin(t.users, eq(t.users.id, t.auditLog.userId))
    .leftJoin(t.patients, eq(t.patients.id, t.auditLog.patientId))
    .where(
      and(
        or(inArray(t.patients.clinicId, clinicIds), exists(actorSharesClinic)),
        filter.userId ? eq(t.auditLog.userId, filter.userId) : undefined,
        filter.patientId ? eq(t.auditLog.patientId, filter.patientId) : undefined,
        filter.from ? gte(t.auditLog.at, filter.from) : undefined,
        filter.to ? lt(t.auditLog.at, filter.to) : undefined,
      ),
    )
    .orderBy(desc(t.auditLog.at), desc(t.auditLog.id))
    .offset(filter.offset)
    .limit(filter.limit);
}
