import { queryOptions } from '@tanstack/react-query';
import { emptyCounts } from '@domain/appointment-status';
import { callEndpoint } from '@web/lib/endpoint-client';
import { countsFreshness } from '@web/lib/query-client';
import { appointmentKeys } from '@web/queries/query-keys';
import { filterQuery, type AppointmentListRequest } from './list-appointments';
import { countAppointmentsRoute } from '@contracts/routes/appointments';

/** Counts take the list's filters except page, limit and status (spec §7). */
export function getAppointmentCountsQueryOptions(
  request: AppointmentListRequest,
  enabled: boolean,
) {
  const filters = filterQuery(request);
  return queryOptions({
    queryKey: appointmentKeys.counts(filters),
    queryFn: async ({ signal }) => {
      const counts = await callEndpoint(countAppointmentsRoute, {
        query: filters,
        signal,
        fallback: 'Failed to fetch appointment counts',
      });
      // Spec §3: every count defaults to 0.
      return { ...emptyCounts(), ...counts };
    },
    enabled,
    ...countsFreshness,
  });
}
