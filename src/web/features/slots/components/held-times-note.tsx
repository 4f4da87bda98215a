import { useQuery } from '@tanstack/react-query';
import { ClockIcon } from 'lucide-react';
import { formatTime, formatTimeRange } from '@domain/format';
import { addDaysToKey, wallClockToUtc, type DateKey } from '@domain/zoned-time';
import { heldTimesQueryOptions } from '@web/queries/held-times';

/**
 * Times of the day patients hold on the public booking page (ADR 034): not offered above, and
 * until when, so the front desk can tell a caller why a time is missing and when to ask again.
 */
export function HeldTimesNote({
  clinicSlug,
  date,
  timeZone,
  agents,
}: {
  clinicSlug: string;
  date: DateKey;
  timeZone: string;
  /** The agents the picker offers, with their names. */
  agents: ReadonlyArray<{ _id: string; name: string }>;
}) {
  const at = (key: DateKey) => new Date(wallClockToUtc(key, 0, timeZone)).toISOString();
  const held = useQuery({
    ...heldTimesQueryOptions({
      from: at(date),
      to: at(addDaysToKey(date, 1)),
      clinic: clinicSlug,
      agentIds: agents.map((a) => a._id),
    }),
    enabled: Boolean(clinicSlug) && agents.length > 0,
  });
  const holds = held.data ?? [];
  if (holds.length === 0) return null;
  const nameOf = (id: string) => agents.find((a) => a._id === id)?.name ?? 'Unknown Provider';
  return (
    <div className="rounded-md border border-dashed p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <ClockIcon className="size-4 shrink-0" aria-hidden="true" />
        Held online, not offered
      </p>
      <ul className="mt-1 space-y-0.5 text-muted-foreground" aria-label="Times held online">
        {holds.map((hold) => {
          const minutes = (Date.parse(hold.end) - Date.parse(hold.start)) / 60_000;
          return (
            <li key={hold.id}>
              {formatTimeRange(hold.start, minutes, timeZone)} with {nameOf(hold.agentId)}, held by
              a patient booking online until {formatTime(hold.expiresAt, timeZone)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
