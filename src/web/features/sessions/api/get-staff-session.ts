import { endpointQuery } from '@web/lib/endpoint-queries';
import { getStaffSessionRoute } from '@contracts/routes/session';
import { staffSessionKeys } from '@web/queries/query-keys';

/** The staff side of one visit. Refreshed on a timer so the join window moves on by itself. */
export function staffSessionQueryOptions(id: string) {
  return endpointQuery(
    staffSessionKeys.detail(id),
    getStaffSessionRoute,
    { params: { id }, fallback: 'Failed to fetch appointment' },
    { staleTime: 15_000, refetchInterval: 30_000 },
  );
}
