import { infiniteQueryOptions } from '@tanstack/react-query';
import type { OutboxKind, OutboxStatus } from '@contracts/outbox';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { detailFreshness, listFreshness } from '@web/lib/query-client';
import {
  getOutboxMessageRoute,
  listOutboxRoute,
  resendOutboxMessageRoute,
} from '@contracts/routes/outbox';
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

/**
 * One message as each recipient gets it. Each fetch is a read the server audits (the links carry
 * patients' tokens): a reopened message within the detail freshness is not fetched again.
 */
export function outboxMessageQueryOptions(id: number) {
  return endpointQuery(
    outboxKeys.message(id),
    getOutboxMessageRoute,
    { params: { id }, fallback: 'Failed to load the message' },
    detailFreshness,
  );
}

export function useResendMessage() {
  return useWriteThenRefresh(
    (id: number) =>
      callEndpoint(resendOutboxMessageRoute, {
        params: { id },
        fallback: 'Failed to resend the message',
      }),
    [outboxKeys.all],
  );
}
