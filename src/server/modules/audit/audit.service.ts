import type { AuditEntryView, AuditQuery, AuditResponse } from '@contracts/admin';
import type { DbHandle } from '../../db/client';
import type { RequestContext } from '../../core/request-context';
import { listAuditEntries, type AuditEntryRow } from './audit.repository';

export const AUDIT_DEFAULT_PAGE_SIZE = 50;

/**
 * An admin browses what happened in their clinics: rows about their patients, and rows about no
 * patient by the people who work there. Rows about another clinic's patients stay hidden, even
 * when a colleague who works at both wrote them.
 */
export async function browseAudit(
  deps: { db: DbHandle },
  { user: actor }: RequestContext,
  query: AuditQuery,
): Promise<AuditResponse> {
  const page = query.page ?? 1;
  const limit = query.limit ?? AUDIT_DEFAULT_PAGE_SIZE;
  const rows = await listAuditEntries(deps.db.db, {
    clinicIds: [...actor.clinicIds],
    userId: query.userId,
    patientId: query.patientId,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    offset: (page - 1) * limit,
    // One more than a page tells whether another page follows without counting them all.
    limit: limit + 1,
  });
  return {
    data: rows.slice(0, limit).map((row) => toView(row, actor.clinicIds)),
    pagination: { hasNextPage: rows.length > limit, currentPage: page },
  };
}

function toView(row: AuditEntryRow, clinicIds: ReadonlySet<string>): AuditEntryView {
  const ownPatient = row.patientClinicId !== null && clinicIds.has(row.patientClinicId);
  return {
    id: row.id,
    at: row.at,
    user:
      row.userId && row.userName !== null && row.userEmail !== null
        ? { id: row.userId, name: row.userName, email: row.userEmail }
        : null,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    patientId: row.patientId,
    patientName: ownPatient ? `${row.patientFirstName} ${row.patientLastName}` : null,
    ip: row.ip,
    details: isRecord(row.details) ? row.details : null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
