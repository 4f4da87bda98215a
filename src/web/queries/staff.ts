import { queryOptions } from '@tanstack/react-query';
import type { AdminUser } from '@contracts/admin';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';
import { listAgentsRoute } from '@contracts/routes/admin';
import { staffKeys } from './query-keys';

export interface StaffFilter {
  search: string;
  includeInactive: boolean;
}

/** Everyone an admin manages, deactivated staff too; what an admin's screens list and filter by. */
export const ALL_STAFF: StaffFilter = { search: '', includeInactive: true };

export function staffQueryOptions(filter: StaffFilter) {
  return queryOptions({
    queryKey: staffKeys.list(filter),
    queryFn: async ({ signal }): Promise<AdminUser[]> => {
      const body = await callEndpoint(listAgentsRoute, {
        query: {
          search: filter.search.trim() || undefined,
          includeInactive: filter.includeInactive,
        },
        signal,
        fallback: 'Failed to load staff',
      });
      return body.data;
    },
    ...listFreshness,
  });
}
