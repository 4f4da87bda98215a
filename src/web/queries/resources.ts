import type { ResourceView } from '@contracts/resources';
import { listResourcesRoute } from '@contracts/routes/resources';
import type { ResourceKind } from '@domain/resources';
import { WEEKDAY_NAMES, type WeeklySegment } from '@domain/schedule';
import { formatRange } from '@web/components/weekly-hours/time-field';
import { endpointQuery } from '@web/lib/endpoint-queries';
import { listFreshness } from '@web/lib/query-client';
import { resourceKeys } from './query-keys';

// A clinic's rooms and equipment (issue 42), as their admin page and the services form (what a
// service needs) read them: one cached copy per clinic (ADR 002).

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
