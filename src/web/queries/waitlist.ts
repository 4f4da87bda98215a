import { endpointQuery } from '@web/lib/endpoint-queries';
import { appointmentOffersRoute, waitlistSummaryRoute } from '@contracts/routes/waitlist';
import { waitlistKeys } from './query-keys';

/** The waitlist at a glance (ADR 019), for the dashboard: of one clinic, or all the user's. */
export function waitlistSummaryQueryOptions(timezone: string, clinic: string | undefined) {
  return endpointQuery(waitlistKeys.summary(timezone, clinic ?? ''), waitlistSummaryRoute, {
    query: { timezone, ...(clinic ? { clinic } : {}) },
    fallback: 'Failed to load the waitlist',
  });
}

/** Whether a cancelled or moved appointment's freed time went to the waitlist (ADR 019). */
export function appointmentOffersQueryOptions(appointmentId: string) {
  return endpointQuery(waitlistKeys.offersOf(appointmentId), appointmentOffersRoute, {
    params: { id: appointmentId },
    fallback: 'Failed to load the waitlist offers',
  });
}
