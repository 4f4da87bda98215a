import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { getAppointmentCountsQueryOptions } from '@web/features/appointments/api/get-appointment-counts';
import { appointmentListQueryOptions } from '@web/features/appointments/api/list-appointments';
import { parseFilters } from '@web/features/appointments/utils/appointment-filters';
import { dashboardQueryOptions } from '@web/features/dashboard/api/get-dashboard';
import { sessionQueryOptions, type SessionUser } from '@web/lib/session';
import { viewerTimeZone } from '@web/lib/time-zones';
import { clinicsQueryOptions } from '@web/queries/clinics';

/** A page's first queries, built exactly as the page builds them so that the page adopts them. */
export type FirstQueries = (client: QueryClient, url: URL, user: SessionUser) => void;

/**
 * A route's loader that asks for its page's first data as soon as the session is known: beside
 * the page's code (the route's `lazy` chunk loads meanwhile), not after it (ADR 064). It never
 * waits for the data and never fails: the page shows its own loading and errors, and the guard
 * the session's. Without a client (tests, error reporting's route names) there is no loader.
 */
export function firstData(
  client: QueryClient | undefined,
  queries: FirstQueries,
): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  if (!client) return {};
  return {
    loader: async ({ request }: LoaderFunctionArgs) => {
      try {
        const user = await client.ensureQueryData(sessionQueryOptions);
        // Spec §6: lists and counts run only for a signed-in user with an email.
        if (user?.email) queries(client, new URL(request.url), user);
      } catch {
        // The session check failed: RequireSession says so and offers to try again.
      }
      return null;
    },
    // Arriving at the page is what it is for; the page's own filters change its queries after.
    shouldRevalidate: () => false,
  };
}

/** /appointments: the list's first page, the tabs' counts and the clinics, as the page asks. */
export const appointmentsFirstQueries: FirstQueries = (client, url, user) => {
  const request = { ...parseFilters(url.searchParams), timezone: viewerTimeZone(user.timezone) };
  void client.prefetchInfiniteQuery(appointmentListQueryOptions(request, true));
  void client.prefetchQuery(getAppointmentCountsQueryOptions(request, true));
  void client.prefetchQuery(clinicsQueryOptions);
};

/** /dashboard, where sign-in lands: all the user's clinics, as the page starts. */
export const dashboardFirstQueries: FirstQueries = (client, _url, user) => {
  void client.prefetchQuery(dashboardQueryOptions({ timezone: viewerTimeZone(user.timezone) }));
};
