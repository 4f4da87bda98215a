// Dates, times and zones in the patient's language (issue 44, ADR 051), through Intl. English
// reads exactly as the rest of the product (format.ts, spec §2); Spanish and French as Intl
// writes them in that locale, in the zone given.
import {
  formatDateTimeWithZone,
  formatDateWithWeekday,
  formatTime,
  formatTimeRange,
  zoneLongName,
} from './format';
import { MINUTE_MS, type DateInput } from './zoned-time';
import { formatRelativeTime, formatTimeUntil } from './relative-time';

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** "Saturday, November 21, 2026", "sábado, 21 de noviembre de 2026", "samedi 21 novembre 2026". */
export function dateWithWeekdayIn(language: string, value: DateInput, timeZone: string): string {
  if (language === 'en') return formatDateWithWeekday(value, timeZone);
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone }).format(toDate(value));
}

/** "Nov 21, 2026", "21 nov 2026". */
export function shortDateIn(language: string, value: DateInput, timeZone: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, {
    dateStyle: 'medium',
    timeZone,
  }).format(toDate(value));
}

/** "3:30 PM", "15:30". */
export function timeIn(language: string, value: DateInput, timeZone: string): string {
  if (language === 'en') return formatTime(value, timeZone);
  return new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone }).format(toDate(value));
}

/** "3:30 PM – 4:00 PM", "15:30 – 16:00". */
export function timeRangeIn(
  language: string,
  start: DateInput,
  durationMinutes: number,
  timeZone: string,
): string {
  if (language === 'en') return formatTimeRange(start, durationMinutes, timeZone);
  const from = toDate(start);
  const to = new Date(from.getTime() + durationMinutes * MINUTE_MS);
  return `${timeIn(language, from, timeZone)} – ${timeIn(language, to, timeZone)}`;
}

/** The zone as people say it: "Eastern Time", "hora del este", "heure de l’Est". */
export function zoneNameIn(language: string, value: DateInput, timeZone: string): string {
  if (language === 'en') return zoneLongName(value, timeZone);
  const named = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(toDate(value))
    .find((p) => p.type === 'timeZoneName')?.value;
  if (named && !/^(GMT|UTC)[+-]/.test(named) && named !== 'GMT' && named !== 'UTC') return named;
  return timeZone === 'UTC' || timeZone === 'Etc/UTC'
    ? new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'long' })
        .formatToParts(toDate(value))
        .find((p) => p.type === 'timeZoneName')!.value
    : timeZone;
}

/** "Tuesday, March 9, 2027 at 9:00 AM Eastern Time": a time away from the app, with its zone. */
export function dateTimeWithZoneIn(language: string, value: DateInput, timeZone: string): string {
  if (language === 'en') return formatDateTimeWithZone(value, timeZone);
  const at = toDate(value);
  const words = new Intl.DateTimeFormat(language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(at);
  return `${words} (${zoneNameIn(language, at, timeZone)})`;
}

/** "in 5 minutes" (never "in 0 minutes"), "now", "3 minutes ago", in the language. */
export function timeUntilIn(language: string, target: Date, now: Date): string {
  if (language === 'en') return formatTimeUntil(target, now);
  const diff = target.getTime() - now.getTime();
  const words = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (diff > 0 && diff < 60 * MINUTE_MS) return words.format(Math.ceil(diff / MINUTE_MS), 'minute');
  if (diff <= 0 && diff > -MINUTE_MS) return words.format(0, 'second');
  return relativeTimeIn(language, target, now);
}

/** "in 2 hours", "3 days ago", in whole units as formatRelativeTime counts them. */
export function relativeTimeIn(language: string, target: Date, now: Date): string {
  if (language === 'en') return formatRelativeTime(target, now);
  const diff = target.getTime() - now.getTime();
  const distance = Math.abs(diff);
  const sign = diff >= 0 ? 1 : -1;
  const words = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  if (distance < 60 * MINUTE_MS)
    return words.format(sign * Math.floor(distance / MINUTE_MS), 'minute');
  if (distance < 24 * 60 * MINUTE_MS)
    return words.format(sign * Math.floor(distance / (60 * MINUTE_MS)), 'hour');
  return words.format(sign * Math.floor(distance / (24 * 60 * MINUTE_MS)), 'day');
}
