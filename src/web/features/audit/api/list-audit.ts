import { infiniteQueryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';
import { toAuditQuery, type AuditFilters } from '../utils/audit-filters';
import { browseAuditRoute } from '@contracts/routes/admin';
import { auditKeys } from '@web/queries/query-keys';

export function auditLogQueryOptions(filters: AuditFilters, timeZone: string) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(filters, timeZone),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(browseAuditRoute, {
        query: toAuditQuery(filters, timeZone, pageParam),
        signal,
        fallback: 'Failed to load the audit log',
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.hasNextPage ? last.pagination.currentPage + 1 : undefined,
    ...listFreshness,
  });
}
