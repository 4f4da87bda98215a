import { useId } from 'react';
import { HistoryIcon } from 'lucide-react';
import type { HistoryEntryView } from '@contracts/appointments';
import { statusLabel } from '@domain/appointment-status';
import { formatDate, formatTime } from '@domain/format';
import { historyDetailLines, historyText, sortHistoryNewestFirst } from '@domain/history';

/**
 * RESCHEDULE carries ISO instants: shown as dates in the viewer's zone. STATUS_CORRECTED carries
 * stored statuses: shown as their badge words. Other values as written.
 */
function valueFormatter(type: string, timeZone: string) {
  const kind = type.trim().toUpperCase();
  if (kind === 'STATUS_CORRECTED') return statusLabel;
  if (kind !== 'RESCHEDULE') return undefined;
  return (value: string) => {
    const at = new Date(value);
    return Number.isNaN(at.getTime())
      ? value
      : `${formatDate(at, timeZone)}, ${formatTime(at, timeZone)}`;
  };
}

function when(timestamp: string | null | undefined, timeZone: string) {
  if (!timestamp || Number.isNaN(new Date(timestamp).getTime())) return null;
  return (
    <time dateTime={timestamp} className="text-xs text-muted-foreground">
      {formatDate(timestamp, timeZone)} at {formatTime(timestamp, timeZone)}
    </time>
  );
}

/** The status history, newest first, in the words of spec §4. */
export function ActivityList({
  history,
  timeZone,
}: {
  history: readonly HistoryEntryView[] | undefined;
  timeZone: string;
}) {
  const headingId = useId();
  const entries = sortHistoryNewestFirst(history ?? []);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-sm font-semibold">
        Activity
      </h3>
      {entries.length === 0 ? (
        <div className="flex flex-col items-center gap-1 rounded-lg border border-dashed px-4 py-8 text-center">
          <HistoryIcon className="mb-1 size-6 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm font-medium">No Activity Yet</p>
          <p className="text-sm text-muted-foreground">Changes and updates will appear here</p>
        </div>
      ) : (
        <ol className="relative space-y-4 border-l pl-5">
          {entries.map((entry, index) => (
            <li key={`${entry.type}-${entry.timestamp}-${index}`} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full border-2 border-background bg-primary"
              />
              <p className="text-sm font-medium">{historyText(entry)}</p>
              {historyDetailLines(entry, valueFormatter(entry.type, timeZone)).map((line) => (
                <p key={line} className="text-sm text-muted-foreground">
                  {line}
                </p>
              ))}
              {when(entry.timestamp, timeZone)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
