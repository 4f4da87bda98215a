import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryBody, WaitlistQuery } from '@contracts/waitlist';
import { callEndpoint } from '@web/lib/endpoint-client';
import {
  appointmentOffersRoute,
  createWaitlistEntryRoute,
  listWaitlistRoute,
  removeWaitlistEntryRoute,
  updateWaitlistEntryRoute,
  waitlistSummaryRoute,
} from '@contracts/routes/waitlist';

export const waitlistKeys = {
  all: ['waitlist'] as const,
  list: (query: WaitlistQuery) => [...waitlistKeys.all, 'list', query] as const,
  summary: (timezone: string) => [...waitlistKeys.all, 'summary', timezone] as const,
  offersOf: (appointmentId: string) => [...waitlistKeys.all, 'offers', appointmentId] as const,
};

export function waitlistQueryOptions(query: WaitlistQuery) {
  return queryOptions({
    queryKey: waitlistKeys.list(query),
    queryFn: ({ signal }) =>
      callEndpoint(listWaitlistRoute, {
        query,
        signal,
        fallback: 'Failed to load the waitlist',
      }),
    placeholderData: keepPreviousData,
  });
}

export function waitlistSummaryQueryOptions(timezone: string) {
  return queryOptions({
    queryKey: waitlistKeys.summary(timezone),
    queryFn: ({ signal }) =>
      callEndpoint(waitlistSummaryRoute, {
        query: { timezone },
        signal,
        fallback: 'Failed to load the waitlist',
      }),
  });
}

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

export function useSaveWaitlistEntry(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WaitlistEntryBody) =>
      id
        ? callEndpoint(updateWaitlistEntryRoute, {
            params: { id },
            body,
            fallback: 'Failed to save the waitlist entry',
          })
        : callEndpoint(createWaitlistEntryRoute, {
            body,
            fallback: 'Failed to add to the waitlist',
          }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}

export function useRemoveWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(removeWaitlistEntryRoute, {
        params: { id },
        fallback: 'Failed to remove the waitlist entry',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}
