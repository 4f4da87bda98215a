import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { listFreshness } from '@web/lib/query-client';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxMessage {
  id: number;
  kind: string;
  appointmentId: string | null;
  recipients: Array<{ email: string; name: string; role: string }>;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
}

interface OutboxPage {
  data: OutboxMessage[];
  pagination: { hasNextPage: boolean; currentPage: number };
}

export const outboxKeys = {
  all: ['outbox'] as const,
  list: (status: OutboxStatus | 'all') => [...outboxKeys.all, status] as const,
};

export function outboxQueryOptions(status: OutboxStatus | 'all') {
  return infiniteQueryOptions({
    queryKey: outboxKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<OutboxPage>('/api/admin/outbox', {
        query: { page: pageParam, limit: 50, status: status === 'all' ? undefined : status },
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

export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<OutboxMessage>(`/api/admin/outbox/${id}/resend`, {
        method: 'POST',
        fallback: 'Failed to resend the message',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
