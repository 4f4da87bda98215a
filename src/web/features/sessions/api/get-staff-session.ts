import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@web/lib/endpoint-client';
import { getStaffSessionRoute } from '@contracts/routes/session';
import { staffSessionKeys } from '@web/queries/query-keys';

/** The staff side of one visit. Refreshed on a timer so the join window moves on by itself. */
export function staffSessionQueryOptions(id: string) {
  return queryOptions({
    queryKey: staffSessionKeys.detail(id),
    queryFn: ({ signal }) =>
      callEndpoint(getStaffSessionRoute, {
        params: { id },
        signal,
        fallback: 'Failed to fetch appointment',
      }),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
}
