import { infiniteQueryOptions } from '@tanstack/react-query';
import type { OutboxKind, OutboxStatus } from '@contracts/outbox';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';
import { listOutboxRoute } from '@contracts/routes/outbox';
import { outboxKeys } from '@web/queries/query-keys';

export function outboxQueryOptions(status: OutboxStatus | 'all', kind?: OutboxKind) {
  return infiniteQueryOptions({
    queryKey: outboxKeys.list(status, kind ?? 'all'),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(listOutboxRoute, {
        query: {
          page: pageParam,
          limit: 50,
          status: status === 'all' ? undefined : status,
          kind,
        },
        fallback: 'Failed to load notifications',
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.hasNextPage ? last.pagination.currentPage + 1 : undefined,
    ...listFreshness,
    staleTime: 30_000,
  });
}

export { outboxMessageQueryOptions, useResendMessage } from '@web/queries/outbox';
