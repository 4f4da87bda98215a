import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listAgentsEndpoint, type AdminUser } from '@contracts/admin';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';

/** Every staff-administration query starts with this, so one invalidation refreshes them all. */
export const agentsQueryKey = ['admin', 'agents'] as const;

export interface AgentsFilter {
  search: string;
  includeInactive: boolean;
}

export async function listAgents(filter: AgentsFilter, signal?: AbortSignal): Promise<AdminUser[]> {
  const body = await callEndpoint(listAgentsEndpoint, {
    query: { search: filter.search.trim() || undefined, includeInactive: filter.includeInactive },
    signal,
    fallback: 'Failed to load staff',
  });
  return body.data;
}

export function agentsListQueryOptions(filter: AgentsFilter) {
  return queryOptions({
    queryKey: [...agentsQueryKey, 'list', filter],
    queryFn: ({ signal }) => listAgents(filter, signal),
    // While a new search runs, the previous rows stay instead of flashing back to skeletons.
    placeholderData: keepPreviousData,
    ...listFreshness,
  });
}
