import { queryOptions } from '@tanstack/react-query';
import {
  agentAvailabilityPath,
  availabilityPaths,
  type AvailabilityResponse,
} from '@contracts/availability';
import { apiFetch } from '@web/lib/api-client';
import { detailFreshness } from '@web/lib/query-client';

/** Whose schedule a screen edits: the signed-in agent's own, or (for an admin) one agent's. */
export type AvailabilityTarget = { kind: 'own' } | { kind: 'agent'; agentId: string };

export const availabilityQueryKey = ['availability'] as const;

export function availabilityPath(target: AvailabilityTarget): string {
  return target.kind === 'own' ? availabilityPaths.own : agentAvailabilityPath(target.agentId);
}

export function availabilityKey(target: AvailabilityTarget) {
  return target.kind === 'own'
    ? ([...availabilityQueryKey, 'own'] as const)
    : ([...availabilityQueryKey, 'agent', target.agentId] as const);
}

export function availabilityQueryOptions(target: AvailabilityTarget) {
  return queryOptions({
    queryKey: availabilityKey(target),
    queryFn: ({ signal }) =>
      apiFetch<AvailabilityResponse>(availabilityPath(target), {
        signal,
        fallback: 'Failed to load availability',
      }),
    ...detailFreshness,
  });
}
