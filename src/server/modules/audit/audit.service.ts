import type { AuditEntryView, AuditQuery, AuditResponse } from '@contracts/admin';
import { normalizeSearchText } from '@domain/search-text';
import type { DbHandle } from '../../db/client';
import type { RequestContext } from '../../core/request-context';
import {
  auditConditions,
  listAuditRows,
  type AuditEntryRow,
  type AuditFilter,
} from './audit.repository';

export const AUDIT_DEFAULT_PAGE_SIZE = 50;

type FilterQuery = Pick<
  AuditQuery,
  'userId' | 'patientId' | 'patientName' | 'action' | 'from' | 'to'
>;

/** The repository's filter of a query, within the admin's clinics. */
export function auditFilterOf({ user }: RequestContext, query: FilterQuery): AuditFilter {
  const words = query.patientName === undefined ? '' : normalizeSearchText(query.patientName);
  return {
    clinicIds: [...user.clinicIds],
    userId: query.userId,
    action: query.action,
    patientId: query.patientId,
    // A name of only spaces filters nothing, as an empty field does.
    patientWords: words === '' ? undefined : words.split(' '),
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

/**
 * An admin browses what happened in their clinics: rows about their patients, and rows about no
 * patient by the people who work there. Rows about another clinic's patients stay hidden, even
 * when a colleague who works at both wrote them; a read of several records shows only theirs.
 */
export async function browseAudit(
  deps: { db: DbHandle },
  ctx: RequestContext,
  query: AuditQuery,
): Promise<AuditResponse> {
  const page = query.page ?? 1;
  const limit = query.limit ?? AUDIT_DEFAULT_PAGE_SIZE;
  const rows = await listAuditRows(
    deps.db.db,
    await auditConditions(deps.db.db, auditFilterOf(ctx, query)),
    { offset: (page - 1) * limit },
    // One more than a page tells whether another page follows without counting them all.
    limit + 1,
  );
  return {
    data: rows.slice(0, limit).map(toView),
    pagination: { hasNextPage: rows.length > limit, currentPage: page },
  };
}

/** Who did it, as the log names them: a staff member, an integration token, or nobody. */
export function actorOf(row: AuditEntryRow): AuditEntryView['user'] {
  return row.userId && row.userName !== null && row.userEmail !== null
    ? { id: row.userId, name: row.userName, email: row.userEmail }
    : null;
}

function toView(row: AuditEntryRow): AuditEntryView {
  const one = row.single ? row.records[0] : undefined;
  return {
    id: row.id,
    at: row.at,
    user: actorOf(row),
    action: row.action,
    entityType: row.entityType,
    entityId: one?.entityId ?? null,
    patientId: one?.patientId ?? null,
    patientName: one?.patientName ?? null,
    records: row.records,
    ip: row.ip,
    details: isRecord(row.details) ? row.details : null,
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
