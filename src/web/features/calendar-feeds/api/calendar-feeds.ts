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
import { calendarFeedKeys } from '@web/queries/query-keys';

export const myCalendarFeedQueryOptions = queryOptions({
  queryKey: calendarFeedKeys.mine,
  queryFn: ({ signal }) =>
    callEndpoint(getMyCalendarFeedRoute, { signal, fallback: 'Failed to load your feed' }),
});

export function useCreateMyCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(createMyCalendarFeedRoute, { fallback: 'Failed to make the feed URL' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.mine }),
  });
}

export function useRevokeMyCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(revokeMyCalendarFeedRoute, { fallback: 'Failed to turn the feed off' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.mine }),
  });
}

export const calendarFeedsQueryOptions = queryOptions({
  queryKey: calendarFeedKeys.all,
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
    onSuccess: (data) => queryClient.setQueryData(calendarFeedKeys.all, data),
  });
}

export const clinicFeedSettingsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: calendarFeedKeys.clinic(slug),
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
    onSuccess: (data) => queryClient.setQueryData(calendarFeedKeys.clinic(slug), data),
  });
}
