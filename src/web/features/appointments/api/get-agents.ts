import { queryOptions } from '@tanstack/react-query';
import { listClinicAgentsEndpoint, type AgentView } from '@contracts/clinics';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';

export type { AgentView };

/** The same key the slot picker uses, so both share one cached list per clinic. */
export const clinicAgentsQueryKey = (clinicSlug: string) =>
  ['clinics', clinicSlug, 'nurses'] as const;

/** A clinic's bookable agents: its providers and nurses (spec §2 reassign: "the clinic's nurses"). */
export function fetchClinicAgents(clinicSlug: string, signal?: AbortSignal): Promise<AgentView[]> {
  return callEndpoint(listClinicAgentsEndpoint, {
    params: { slug: clinicSlug },
    signal,
    fallback: 'Failed to load providers',
  });
}

export function clinicAgentsQueryOptions(clinicSlug: string) {
  return queryOptions({
    queryKey: clinicAgentsQueryKey(clinicSlug),
    queryFn: ({ signal }) => fetchClinicAgents(clinicSlug, signal),
    enabled: clinicSlug !== '',
    ...listFreshness,
  });
}
