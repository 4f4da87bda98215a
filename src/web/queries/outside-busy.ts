import { queryOptions } from '@tanstack/react-query';
import type { OutsideBusyTime } from '@contracts/availability';
import { listOutsideBusyRoute } from '@contracts/routes/availability';
import { callEndpoint } from '@web/lib/endpoint-client';
import { overlayRequest, type OverlayRange } from './overlay-range';
import { outsideBusyKeys } from './query-keys';

export type { OutsideBusyTime };

/**
 * When agents are busy in their outside calendars (ADR 053): the calendar draws these as
 * "Busy — outside calendar", so the desk sees why a time is not offered. Synced every few
 * minutes on the server, so refetched every few minutes here.
 */
export function outsideBusyQueryOptions(input: OverlayRange) {
  const { keyParts, query } = overlayRequest(input);
  return queryOptions({
    queryKey: outsideBusyKeys.range(...keyParts),
    queryFn: ({ signal }) =>
      callEndpoint(listOutsideBusyRoute, {
        query,
        signal,
        fallback: 'Failed to load outside busy times',
      }).then((answer) => answer.busy),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}
