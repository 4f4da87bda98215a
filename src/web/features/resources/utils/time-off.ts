import { formatDate, formatTime } from '@domain/format';
import { localDateKeyOf, parseWallTime, wallClockToUtc } from '@domain/zoned-time';

/**
 * A datetime-local field's value ("2026-12-10T09:00"), read as a wall clock in the clinic's zone,
 * as the instant it is; null while it is not a whole date and time.
 */
export function instantOfLocal(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!match) return null;
  const minutes = parseWallTime(match[2]!);
  if (minutes === null) return null;
  return new Date(wallClockToUtc(match[1]!, minutes, timeZone)).toISOString();
}

/** "Dec 10, 2026, 9:00 AM – 5:00 PM", or both dates when it runs over several days. */
export function describeTimeOff(start: string, end: string, timeZone: string): string {
  const sameDay =
    localDateKeyOf(new Date(start), timeZone) === localDateKeyOf(new Date(end), timeZone);
  const from = `${formatDate(start, timeZone)}, ${formatTime(start, timeZone)}`;
  const to = sameDay
    ? formatTime(end, timeZone)
    : `${formatDate(end, timeZone)}, ${formatTime(end, timeZone)}`;
  return `${from} – ${to}`;
}
