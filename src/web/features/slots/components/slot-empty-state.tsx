import { useQuery } from '@tanstack/react-query';
import { CalendarX2Icon } from 'lucide-react';
import { formatDateWithWeekday, localDateKey } from '@domain/format';
import { addDaysToKey, wallClockToUtc } from '@domain/zoned-time';
import { Button } from '@web/components/ui/button';
import { slotsQueryOptions, type SlotsRequest } from '../api/get-slots';

/** How far ahead "next day with times" looks, in one request over the slots endpoint's range. */
export const LOOK_AHEAD_DAYS = 14;

/**
 * "No available times on this day", and a way to the next day that has some: the days after
 * this one are fetched in a single range request as soon as the day turns out empty.
 */
export function SlotEmptyState({
  request,
  allowSlot,
  onJump,
}: {
  request: SlotsRequest;
  allowSlot: (agentId: string) => boolean;
  onJump: (date: string) => void;
}) {
  const ahead = useQuery(
    slotsQueryOptions({
      ...request,
      from: addDaysToKey(request.from, 1),
      to: addDaysToKey(request.from, LOOK_AHEAD_DAYS),
    }),
  );
  const next = ahead.data?.slots.find((slot) => allowSlot(slot.agentId));
  const nextDate = next ? localDateKey(next.startTime, request.timezone) : null;

  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center">
      <CalendarX2Icon className="size-6 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">No available times on this day</p>
      {ahead.isPending && (
        <p className="text-sm text-muted-foreground" role="status">
          Looking for the next day with times…
        </p>
      )}
      {ahead.isError && (
        <p className="text-sm text-destructive" role="alert">
          {ahead.error.message}
        </p>
      )}
      {ahead.isSuccess && nextDate && (
        <Button
          variant="outline"
          className="h-auto min-h-9 py-2 whitespace-normal"
          onClick={() => onJump(nextDate)}
        >
          Next available:{' '}
          {formatDateWithWeekday(
            wallClockToUtc(nextDate, 12 * 60, request.timezone),
            request.timezone,
          )}
        </Button>
      )}
      {ahead.isSuccess && !nextDate && (
        <p className="text-sm text-muted-foreground">
          Nothing is free in the next {LOOK_AHEAD_DAYS} days either.
        </p>
      )}
    </div>
  );
}
