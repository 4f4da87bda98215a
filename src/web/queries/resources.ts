import { useQueries, useQuery } from '@tanstack/react-query';
import type { ResourceView } from '@contracts/resources';
import { listResourcesRoute } from '@contracts/routes/resources';
import type { ResourceKind } from '@domain/resources';
import { WEEKDAY_NAMES, type WeeklySegment } from '@domain/schedule';
import { formatRange } from '@web/components/weekly-hours/time-field';
import { endpointQuery } from '@web/lib/endpoint-queries';
import { listFreshness } from '@web/lib/query-client';
import { clinicsQueryOptions } from './clinics';
import { resourceKeys } from './query-keys';

// A clinic's rooms and equipment (issue 42, ADR 045), as their admin page, the services form (what
// a service needs), the calendar's Rooms view and the appointment details read them: one cached
// copy per clinic (ADR 002). Archived ones are included: an appointment keeps the room it was
// booked in.

export type { ResourceView };

export const RESOURCE_KIND_LABELS: Record<ResourceKind, string> = {
  room: 'Room',
  equipment: 'Equipment',
};

/** A clinic's rooms and equipment by name, archived ones included (shown with a badge). */
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

/** The categories of the active ones, each once (as first written), by name. */
export function categoriesOf(resources: readonly ResourceView[]): string[] {
  const byKey = new Map<string, string>();
  for (const r of resources) {
    if (r.archived) continue;
    const key = r.category.trim().toLowerCase();
    if (!byKey.has(key)) byKey.set(key, r.category);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}

const SHORT_DAY = WEEKDAY_NAMES.map((name) => name.slice(0, 3));

/**
 * "The clinic's staff hours", or its own hours a day at a time with days of equal hours joined,
 * as the availability editor words times: "Mon–Fri 8:00 AM – 6:00 PM · Sat 9:00 AM – 12:00 PM".
 * An empty week: "Never available".
 */
export function describeHours(weekly: readonly WeeklySegment[] | null): string {
  if (weekly === null) return 'The clinic’s staff hours';
  if (weekly.length === 0) return 'Never available';
  const perDay = SHORT_DAY.map((_, weekday) =>
    weekly
      .filter((s) => s.weekday === weekday)
      .sort((a, b) => a.start.localeCompare(b.start))
      .map(formatRange)
      .join(', '),
  );
  // Monday first, as people read a working week; runs of days with the same hours joined.
  const order = [1, 2, 3, 4, 5, 6, 0];
  const parts: string[] = [];
  let i = 0;
  while (i < order.length) {
    const hours = perDay[order[i]!]!;
    let j = i;
    while (j + 1 < order.length && perDay[order[j + 1]!] === hours) j += 1;
    if (hours) {
      const first = SHORT_DAY[order[i]!]!;
      const last = SHORT_DAY[order[j]!]!;
      parts.push(`${i === j ? first : `${first}–${last}`} ${hours}`);
    }
    i = j + 1;
  }
  return parts.join(' · ');
}

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
