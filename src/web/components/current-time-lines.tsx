import { formatDate, formatTime } from '@domain/format';

/**
 * The Reschedule and Reassign dialogs' "Current: {date} at {time}" and "Provider: {name}" lines
 * (spec §2), shared by the appointments feature and the calendar's keyboard move.
 */
export function CurrentTimeLines({
  date,
  timeZone,
  providerName,
}: {
  date: string;
  timeZone: string;
  providerName: string;
}) {
  return (
    <div className="space-y-0.5">
      <p>
        Current: {formatDate(date, timeZone)} at {formatTime(date, timeZone)}
      </p>
      <p>Provider: {providerName}</p>
    </div>
  );
}
