import { queryOptions } from '@tanstack/react-query';
import type { HeldTime } from '@contracts/availability';
import { callEndpoint } from '@web/lib/endpoint-client';
import { overlayRequest, type OverlayRange } from './overlay-range';
import { listHeldTimesRoute } from '@contracts/routes/availability';
import { heldTimeKeys } from './query-keys';

export type { HeldTime };

/**
 * Times patients hold on the public booking page, with their expiry (ADR 034): the calendar and
 * the slot picker show them, so the front desk knows why a time is not offered. Holds lapse
 * within minutes, so the answer is fresh for half a minute and refetched each minute.
 */
export function heldTimesQueryOptions(input: OverlayRange) {
  const { keyParts, query } = overlayRequest(input);
  return queryOptions({
    queryKey: heldTimeKeys.range(...keyParts),
    queryFn: ({ signal }) =>
      callEndpoint(listHeldTimesRoute, {
        query,
        signal,
        fallback: 'Failed to load held times',
      }).then((answer) => answer.holds),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
