import { DAY_MS, HOUR_MS, MINUTE_MS } from './zoned-time';

function unit(count: number, singular: string): string {
  return `${count} ${singular}${count === 1 ? '' : 's'}`;
}

/**
 * Spec §9 wording: under 60 minutes in minutes, under 24 hours in hours, otherwise in days.
 *
 * Every unit is floored toward zero, so 59 min 59 s is "in 59 minutes" and 119 minutes is
 * "in 1 hour": the wording never promises more time than there is. Days are elapsed 24-hour
 * periods, not calendar days, so the wording does not depend on a time zone. Under a minute
 * reads "in 0 minutes" (or "0 minutes ago" when the moment has just passed): the spec has no
 * "now", and a made-up word would be one more string to translate later.
 */
export function formatRelativeTime(target: Date, now: Date): string {
  const diff = target.getTime() - now.getTime();
  if (Number.isNaN(diff)) return '';
  const distance = Math.abs(diff);

  let amount: string;
  if (distance < HOUR_MS) amount = unit(Math.floor(distance / MINUTE_MS), 'minute');
  else if (distance < DAY_MS) amount = unit(Math.floor(distance / HOUR_MS), 'hour');
  else amount = unit(Math.floor(distance / DAY_MS), 'day');

  return diff >= 0 ? `in ${amount}` : `${amount} ago`;
}

/**
 * How long a person still has to wait, for a countdown on a visit page, where "in 0 minutes"
 * read as nonsense. Under an hour the minutes round up (30 seconds to go is "in 1 minute": the
 * wait is not over yet), and a moment reached less than a minute ago is "now". Further off, or
 * longer ago, it reads as formatRelativeTime.
 */
export function formatTimeUntil(target: Date, now: Date): string {
  const diff = target.getTime() - now.getTime();
  if (diff > 0 && diff < HOUR_MS) {
    const minutes = Math.ceil(diff / MINUTE_MS);
    return minutes < 60 ? `in ${unit(minutes, 'minute')}` : 'in 1 hour';
  }
  if (diff <= 0 && diff > -MINUTE_MS) return 'now';
  return formatRelativeTime(target, now);
}
