import { queryOptions } from '@tanstack/react-query';
import { listAgentsEndpoint } from '@contracts/admin';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';

/** Everyone an entry may name, deactivated staff included: their past actions still count. */
export const auditUsersQueryOptions = queryOptions({
  queryKey: ['admin', 'audit', 'users'],
  queryFn: async ({ signal }) => {
    const body = await callEndpoint(listAgentsEndpoint, {
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
