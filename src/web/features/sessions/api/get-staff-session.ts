import { queryOptions } from '@tanstack/react-query';
import type { StaffSessionView } from '@contracts/session';
import { apiFetch } from '@web/lib/api-client';

export const staffSessionPath = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

/** The staff side of one visit. Refreshed on a timer so the join window moves on by itself. */
export function staffSessionQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['sessions', 'detail', id] as const,
    queryFn: ({ signal }) =>
      apiFetch<StaffSessionView>(staffSessionPath(id), {
        signal,
        fallback: 'Failed to fetch appointment',
      }),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
}
