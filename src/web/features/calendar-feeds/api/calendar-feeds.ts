import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicFeedSettings } from '@contracts/feeds';
import { callEndpoint } from '@web/lib/endpoint-client';
import {
  createMyCalendarFeedRoute,
  getClinicFeedSettingsRoute,
  getMyCalendarFeedRoute,
  listCalendarFeedsRoute,
  revokeCalendarFeedRoute,
  revokeMyCalendarFeedRoute,
  updateClinicFeedSettingsRoute,
} from '@contracts/routes/feeds';

export const feedKeys = {
  mine: ['calendar-feed'] as const,
  all: ['calendar-feeds'] as const,
  clinic: (slug: string) => ['calendar-feeds', 'clinic', slug] as const,
};

export const myCalendarFeedQueryOptions = queryOptions({
  queryKey: feedKeys.mine,
  queryFn: ({ signal }) =>
    callEndpoint(getMyCalendarFeedRoute, { signal, fallback: 'Failed to load your feed' }),
});

export function useCreateMyCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(createMyCalendarFeedRoute, { fallback: 'Failed to make the feed URL' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.mine }),
  });
}

export function useRevokeMyCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(revokeMyCalendarFeedRoute, { fallback: 'Failed to turn the feed off' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.mine }),
  });
}

export const calendarFeedsQueryOptions = queryOptions({
  queryKey: feedKeys.all,
  queryFn: ({ signal }) =>
    callEndpoint(listCalendarFeedsRoute, { signal, fallback: 'Failed to load calendar feeds' }),
});

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      callEndpoint(revokeCalendarFeedRoute, {
        params: { userId },
        fallback: 'Failed to turn the feed off',
      }),
    onSuccess: (data) => queryClient.setQueryData(feedKeys.all, data),
  });
}

export const clinicFeedSettingsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: feedKeys.clinic(slug),
    queryFn: ({ signal }) =>
      callEndpoint(getClinicFeedSettingsRoute, {
        params: { slug },
        signal,
        fallback: 'Failed to load the feed setting',
      }),
  });

export function useUpdateClinicFeedSettings(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClinicFeedSettings) =>
      callEndpoint(updateClinicFeedSettingsRoute, {
        params: { slug },
        body,
        fallback: 'Failed to save the feed setting',
      }),
    onSuccess: (data) => queryClient.setQueryData(feedKeys.clinic(slug), data),
  });
}
