import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { listClinicsEndpoint, type clinicView } from '@contracts/clinics';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';

export type ClinicView = z.infer<typeof clinicView>;

export const clinicsQueryKey = ['clinics', 'list'] as const;

/** The clinics the signed-in user works at. */
export function fetchClinics(signal?: AbortSignal): Promise<ClinicView[]> {
  return callEndpoint(listClinicsEndpoint, { signal, fallback: 'Failed to load clinics' });
}

/** Sorted by name, as the create wizard's clinic select lists them. */
export const clinicsQueryOptions = queryOptions({
  queryKey: clinicsQueryKey,
  queryFn: ({ signal }) => fetchClinics(signal),
  select: (clinics: ClinicView[]) => [...clinics].sort((a, b) => a.name.localeCompare(b.name)),
  ...listFreshness,
});
