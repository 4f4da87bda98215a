import type { ClinicFeedSettings } from '@contracts/feeds';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import {
  createMyCalendarFeedRoute,
  getClinicFeedSettingsRoute,
  getMyCalendarFeedRoute,
  listCalendarFeedsRoute,
  revokeCalendarFeedRoute,
  revokeMyCalendarFeedRoute,
  updateClinicFeedSettingsRoute,
} from '@contracts/routes/feeds';
import { calendarFeedKeys } from '@web/queries/query-keys';

export const myCalendarFeedQueryOptions = endpointQuery(
  calendarFeedKeys.mine,
  getMyCalendarFeedRoute,
  { fallback: 'Failed to load your feed' },
);

export function useCreateMyCalendarFeed() {
  return useWriteThenRefresh(
    () => callEndpoint(createMyCalendarFeedRoute, { fallback: 'Failed to make the feed URL' }),
    [calendarFeedKeys.mine],
  );
}

export function useRevokeMyCalendarFeed() {
  return useWriteThenRefresh(
    () => callEndpoint(revokeMyCalendarFeedRoute, { fallback: 'Failed to turn the feed off' }),
    [calendarFeedKeys.mine],
  );
}

export const calendarFeedsQueryOptions = endpointQuery(
  calendarFeedKeys.all,
  listCalendarFeedsRoute,
  { fallback: 'Failed to load calendar feeds' },
);

export function useRevokeCalendarFeed() {
  return useWriteThenRefresh(
    (userId: string) =>
      callEndpoint(revokeCalendarFeedRoute, {
        params: { userId },
        fallback: 'Failed to turn the feed off',
      }),
    (queryClient, feeds) => queryClient.setQueryData(calendarFeedKeys.all, feeds),
  );
}

export const clinicFeedSettingsQueryOptions = (slug: string) =>
  endpointQuery(calendarFeedKeys.clinic(slug), getClinicFeedSettingsRoute, {
    params: { slug },
    fallback: 'Failed to load the feed setting',
  });

export function useUpdateClinicFeedSettings(slug: string) {
  return useWriteThenRefresh(
    (body: ClinicFeedSettings) =>
      callEndpoint(updateClinicFeedSettingsRoute, {
        params: { slug },
        body,
        fallback: 'Failed to save the feed setting',
      }),
    (queryClient, saved) => queryClient.setQueryData(calendarFeedKeys.clinic(slug), saved),
  );
}
