import { queryOptions } from '@tanstack/react-query';
import { adminPaths, type ListAgentsResponse } from '@contracts/admin';
import { apiFetch } from '@web/lib/api-client';
import { listFreshness } from '@web/lib/query-client';

/** Everyone an entry may name, deactivated staff included: their past actions still count. */
export const auditUsersQueryOptions = queryOptions({
  queryKey: ['admin', 'audit', 'users'],
  queryFn: async ({ signal }) => {
    const body = await apiFetch<ListAgentsResponse>(adminPaths.agents, {
      query: { includeInactive: true },
      signal,
      fallback: 'Failed to load staff',
    });
    return body.data
      .map(({ id, name, email, active }) => ({ id, name, email, active }))
      .sort((a, b) => a.name.localeCompare(b.name));
  },
  ...listFreshness,
});
