import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import type { WaitlistEntryBody, WaitlistQuery } from '@contracts/waitlist';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import {
  createWaitlistEntryRoute,
  listWaitlistRoute,
  removeWaitlistEntryRoute,
  updateWaitlistEntryRoute,
} from '@contracts/routes/waitlist';
import { waitlistKeys } from '@web/queries/query-keys';

export function waitlistQueryOptions(query: WaitlistQuery) {
  return endpointQuery(
    waitlistKeys.list(query),
    listWaitlistRoute,
    { query, fallback: 'Failed to load the waitlist' },
    { placeholderData: keepPreviousData },
  );
}

// Not awaited: the dialog closes and the toast shows once the write succeeded; the list catches
// up behind them.
const refreshWaitlist = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: waitlistKeys.all });

export function useSaveWaitlistEntry(id: string | null) {
  return useWriteThenRefresh(
    (body: WaitlistEntryBody) =>
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
    refreshWaitlist,
  );
}

export function useRemoveWaitlistEntry() {
  return useWriteThenRefresh(
    (id: string) =>
      callEndpoint(removeWaitlistEntryRoute, {
        params: { id },
        fallback: 'Failed to remove the waitlist entry',
      }),
    refreshWaitlist,
  );
}
