import { useQueries, useQuery } from '@tanstack/react-query';
import type { ResourceView } from '@contracts/resources';
import { listResourcesRoute } from '@contracts/routes/resources';
import { endpointQuery } from '@web/lib/endpoint-queries';
import { listFreshness } from '@web/lib/query-client';
import { clinicsQueryOptions } from './clinics';
import { resourceKeys } from './query-keys';

// A clinic's rooms and equipment (issue 42, ADR 045), as the calendar's Rooms view and the
// appointment details read them: one cached copy per clinic (ADR 002: queries two features read
// live here). Archived ones are included: an appointment keeps the room it was booked in.

export type { ResourceView };

export const clinicResourcesQueryOptions = (clinicId: string) =>
  endpointQuery(
    resourceKeys.list(clinicId, 'include'),
    listResourcesRoute,
    {
      params: { clinicId },
      query: { archived: 'include' },
      fallback: 'Failed to load the rooms and equipment',
    },
    { ...listFreshness, enabled: clinicId !== '' },
  );

const listOf = (answer: { data: ResourceView[] }) => answer.data;

/** The clinic's resources that can be booked now: not archived. */
export const activeResources = (resources: readonly ResourceView[]) =>
  resources.filter((r) => !r.archived);

/** The resources of the clinic an appointment belongs to (by slug, as appointments name it). */
export function useClinicResources(clinicSlug: string | undefined) {
  const clinics = useQuery(clinicsQueryOptions);
  const clinicId = clinics.data?.find((c) => c.slug === clinicSlug || c.id === clinicSlug)?.id;
  return useQuery({ ...clinicResourcesQueryOptions(clinicId ?? ''), select: listOf });
}

/**
 * The active resources of several clinics at once (the calendar shows every clinic of the user),
 * by clinic then name, with the state of their loading.
 */
export function useResourcesOfClinics(
  clinics: ReadonlyArray<{ id: string; name: string }>,
  enabled = true,
) {
  return useQueries({
    queries: clinics.map((clinic) => ({ ...clinicResourcesQueryOptions(clinic.id), enabled })),
    combine: (results) => ({
      resources: results.flatMap((result, i) =>
        activeResources(result.data?.data ?? []).map((resource) => ({
          resource,
          clinicName: clinics[i]!.name,
        })),
      ),
      isPending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
      refetch: () => Promise.all(results.map((r) => r.refetch())),
    }),
  });
}
