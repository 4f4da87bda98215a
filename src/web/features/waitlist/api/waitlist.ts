import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryBody, WaitlistQuery } from '@contracts/waitlist';
import { callEndpoint } from '@web/lib/endpoint-client';
import {
  createWaitlistEntryRoute,
  listWaitlistRoute,
  removeWaitlistEntryRoute,
  updateWaitlistEntryRoute,
} from '@contracts/routes/waitlist';
import { waitlistKeys } from '@web/queries/query-keys';

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
