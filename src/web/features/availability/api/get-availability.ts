import { queryOptions } from '@tanstack/react-query';
import type { AvailabilityResponse } from '@contracts/availability';
import { callEndpoint } from '@web/lib/endpoint-client';
import { detailFreshness } from '@web/lib/query-client';
import { getAgentAvailabilityRoute, getOwnAvailabilityRoute } from '@contracts/routes/availability';
import { availabilityKeys } from '@web/queries/query-keys';

/** Whose schedule a screen edits: the signed-in agent's own, or (for an admin) one agent's. */
export type AvailabilityTarget = { kind: 'own' } | { kind: 'agent'; agentId: string };

export function availabilityKey(target: AvailabilityTarget) {
  return target.kind === 'own' ? availabilityKeys.own() : availabilityKeys.agent(target.agentId);
}

export function fetchAvailability(
  target: AvailabilityTarget,
  signal?: AbortSignal,
): Promise<AvailabilityResponse> {
  const fallback = 'Failed to load availability';
  return target.kind === 'own'
    ? callEndpoint(getOwnAvailabilityRoute, { signal, fallback })
    : callEndpoint(getAgentAvailabilityRoute, {
        params: { id: target.agentId },
        signal,
        fallback,
      });
}

export function availabilityQueryOptions(target: AvailabilityTarget) {
  return queryOptions({
    queryKey: availabilityKey(target),
    queryFn: ({ signal }) => fetchAvailability(target, signal),
    ...detailFreshness,
  });
}
