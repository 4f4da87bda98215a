import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@web/lib/endpoint-client';
import { countsFreshness } from '@web/lib/query-client';
import { getDashboardRoute } from '@contracts/routes/dashboard';
import { appointmentKeys } from '@web/queries/query-keys';

export interface DashboardRequest {
  timezone: string;
  /** One of the user's clinics (slug); all of them when absent. */
  clinic?: string;
}

/**
 * The key starts with 'appointments': the dashboard is appointment data, so every booking,
 * move, cancellation or mark anywhere refreshes it with the rest (ADR 002). Counts-like
 * freshness, since most of it is counts.
 */
export function dashboardQueryOptions(request: DashboardRequest) {
  return queryOptions({
    queryKey: appointmentKeys.dashboard(request),
    queryFn: ({ signal }) =>
      callEndpoint(getDashboardRoute, {
        query: { timezone: request.timezone, clinic: request.clinic },
        signal,
        fallback: 'Failed to load the dashboard',
      }),
    ...countsFreshness,
  });
}
