import { formatTimeRange } from '@domain/format';
import { MINUTE_MS } from '@domain/zoned-time';
import { comingWeek, type ScheduleDraft } from '../utils/schedule-draft';
import { formatDateKey } from './time-off-list';

/**
 * The coming seven days as the draft would make them, computed here with the domain engine so
 * unsaved changes show at once. Times are in the schedule's own zone.
 */
export function WeekPreview({
  draft,
  today,
  hasProblems,
}: {
  draft: ScheduleDraft;
  today: string;
  hasProblems: boolean;
}) {
  if (hasProblems) {
    return (
      <p className="text-sm text-muted-foreground">
        Fix the problems above to see the coming week.
      </p>
    );
  }
  const days = comingWeek(draft, today);
  return (
    <dl className="divide-y text-sm">
      {days.map(({ date, intervals }) => (
        <div
          key={date}
          className="flex flex-col gap-x-4 gap-y-0.5 py-2 sm:flex-row sm:justify-between"
        >
          <dt className="font-medium">{formatDateKey(date)}</dt>
          <dd className="text-muted-foreground tabular-nums">
            {intervals.length === 0
              ? 'Unavailable'
              : intervals
                  .map((interval) =>
                    formatTimeRange(
                      interval.start,
                      (interval.end.getTime() - interval.start.getTime()) / MINUTE_MS,
                      draft.timezone,
                    ),
                  )
                  .join(', ')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
