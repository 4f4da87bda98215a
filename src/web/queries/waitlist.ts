import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@web/lib/endpoint-client';
import { appointmentOffersRoute, waitlistSummaryRoute } from '@contracts/routes/waitlist';
import { waitlistKeys } from './query-keys';

/** The waitlist at a glance (ADR 019), for the dashboard: of one clinic, or all the user's. */
export function waitlistSummaryQueryOptions(timezone: string, clinic: string | undefined) {
  return queryOptions({
    queryKey: waitlistKeys.summary(timezone, clinic ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(waitlistSummaryRoute, {
        query: { timezone, ...(clinic ? { clinic } : {}) },
        signal,
        fallback: 'Failed to load the waitlist',
      }),
  });
}

/** Whether a cancelled or moved appointment's freed time went to the waitlist (ADR 019). */
export function appointmentOffersQueryOptions(appointmentId: string) {
  return queryOptions({
    queryKey: waitlistKeys.offersOf(appointmentId),
    queryFn: ({ signal }) =>
      callEndpoint(appointmentOffersRoute, {
        params: { id: appointmentId },
        signal,
        fallback: 'Failed to load the waitlist offers',
      }),
  });
}
