import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AgentView, clinicView } from '@contracts/clinics';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';
import { listClinicAgentsRoute, listClinicsRoute } from '@contracts/routes/clinics';
import { clinicKeys } from './query-keys';

export type ClinicView = z.infer<typeof clinicView>;
export type { AgentView };

/** The clinics the signed-in user works at, sorted by name as every picker lists them. */
export const clinicsQueryOptions = queryOptions({
  queryKey: clinicKeys.list(),
  queryFn: ({ signal }) =>
    callEndpoint(listClinicsRoute, { signal, fallback: 'Failed to load clinics' }),
  select: (clinics: ClinicView[]) => [...clinics].sort((a, b) => a.name.localeCompare(b.name)),
  ...listFreshness,
});

/**
 * A clinic's bookable agents: its providers and nurses (spec §2 reassign: "the clinic's
 * nurses"), for the slot picker, the reassign dialog, the list's and the calendar's filters.
 */
export function clinicAgentsQueryOptions(clinicSlug: string) {
  return queryOptions({
    queryKey: clinicKeys.agents(clinicSlug),
    queryFn: ({ signal }): Promise<AgentView[]> =>
      callEndpoint(listClinicAgentsRoute, {
        params: { slug: clinicSlug },
        signal,
        fallback: 'Failed to load providers',
      }),
    enabled: clinicSlug !== '',
    ...listFreshness,
  });
}
