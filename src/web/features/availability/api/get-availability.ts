import { queryOptions } from '@tanstack/react-query';
import type { EndpointResponse, Route } from '@contracts/endpoint';
import { callEndpoint, type CallInput, type ContractOf } from '@web/lib/endpoint-client';
import { detailFreshness } from '@web/lib/query-client';
import { getAgentAvailabilityRoute, getOwnAvailabilityRoute } from '@contracts/routes/availability';
import { availabilityKeys } from '@web/queries/query-keys';

/** Whose schedule a screen edits: the signed-in agent's own, or (for an admin) one agent's. */
export type AvailabilityTarget = { kind: 'own' } | { kind: 'agent'; agentId: string };

export function availabilityKey(target: AvailabilityTarget) {
  return target.kind === 'own' ? availabilityKeys.own() : availabilityKeys.agent(target.agentId);
}

/**
 * One call on the signed-in agent's own schedule or, by the twin route that takes the agent's id,
 * on one agent's: the two answer alike, so a screen need not care which it edits.
 */
export function scheduleEndpoint<Own extends Route, OfAgent extends Route>(
  routes: { own: Own; agent: OfAgent },
  fallback: string,
) {
  return (
    target: AvailabilityTarget,
    input: Omit<CallInput<ContractOf<Own>>, 'fallback'>,
  ): Promise<EndpointResponse<ContractOf<Own>>> => {
    const call = { ...input, fallback } as CallInput<ContractOf<Own>>;
    if (target.kind === 'own') return callEndpoint(routes.own, call);
    const ofAgent = { ...call, params: { id: target.agentId } } as CallInput<ContractOf<OfAgent>>;
    return callEndpoint(routes.agent, ofAgent) as Promise<EndpointResponse<ContractOf<Own>>>;
  };
}

export const fetchAvailability = scheduleEndpoint(
  { own: getOwnAvailabilityRoute, agent: getAgentAvailabilityRoute },
  'Failed to load availability',
);

export function availabilityQueryOptions(target: AvailabilityTarget) {
  return queryOptions({
    queryKey: availabilityKey(target),
    queryFn: ({ signal }) => fetchAvailability(target, { signal }),
    ...detailFreshness,
  });
}
