import { XIcon } from 'lucide-react';
import type { ScheduleOverride } from '@domain/schedule';
import { formatDateWithWeekday } from '@domain/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { timeOffEntries, withoutEntry, type TimeOffEntry } from '../utils/time-off';
import { formatRange } from '@web/components/weekly-hours/time-field';

/** "Friday, December 25, 2026" for a zone-less date key. */
export function formatDateKey(date: string): string {
  return formatDateWithWeekday(`${date}T12:00:00Z`, 'UTC');
}

function describe(entry: TimeOffEntry): { when: string; what: string } {
  if (entry.kind === 'off') {
    const when =
      entry.from === entry.to
        ? formatDateKey(entry.from)
        : `${formatDateKey(entry.from)} – ${formatDateKey(entry.to)}`;
    return { when, what: entry.dates.length === 1 ? 'Day off' : `${entry.dates.length} days off` };
  }
  return {
    when: formatDateKey(entry.date),
    what: `${entry.onlyThese ? 'Only' : 'Extra hours'} ${entry.segments.map(formatRange).join(', ')}`,
  };
}

/** Upcoming days off and extra hours, each removable; past ones are kept but not listed. */
export function TimeOffList({
  overrides,
  today,
  onChange,
}: {
  overrides: ScheduleOverride[];
  today: string;
  onChange: (overrides: ScheduleOverride[]) => void;
}) {
  const entries = timeOffEntries(overrides);
  const upcoming = entries.filter((e) => (e.kind === 'off' ? e.to : e.date) >= today);
  const past = entries.length - upcoming.length;

  return (
    <div className="space-y-2">
      {upcoming.length === 0 ? (
        <p className="text-sm text-muted-foreground">No upcoming time off or extra hours.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Upcoming time off and extra hours">
          {upcoming.map((entry) => {
            const { when, what } = describe(entry);
            return (
              <li key={`${entry.kind}-${when}`} className="flex items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">{when}</p>
                  <p className="text-sm text-muted-foreground">{what}</p>
                </div>
                <Badge variant={entry.kind === 'off' ? 'secondary' : 'outline'}>
                  {entry.kind === 'off' ? 'Time off' : 'Hours'}
                </Badge>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${what.toLowerCase()} on ${when}`}
                  onClick={() => onChange(withoutEntry(overrides, entry))}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {past > 0 && (
        <p className="text-xs text-muted-foreground">
          {past} past {past === 1 ? 'entry is' : 'entries are'} kept and not shown.
        </p>
      )}
    </div>
  );
}
