import { WEEKDAY_NAMES } from './schedule';
import { parseDateKey, weekdayOfKey, type DateKey } from './zoned-time';

/**
 * The repeat choices the create wizard offers, as RFC 5545 rules. Built here without the rrule
 * package so that the web app's bundle does not carry it: the server parses and expands rules.
 */
export const REPEAT_CHOICES = [
  'none',
  'weekly',
  'every_2_weeks',
  'every_4_weeks',
  'monthly_weekday',
] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

/** A series holds at most this many occurrences: a year of weekly visits. */
export const MAX_SERIES_OCCURRENCES = 52;

export type SeriesEnd = { count: number } | { until: DateKey };

const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const ORDINALS = ['first', 'second', 'third', 'fourth'] as const;

/**
 * Which weekday of its month a date is: 1–4, or -1 for a date in the month's last seven days
 * past the 28th (a "fifth Tuesday" exists in only some months, so it repeats as the last one).
 */
export function weekdayOfMonth(date: DateKey): { weekday: number; nth: 1 | 2 | 3 | 4 | -1 } {
  const parts = parseDateKey(date);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  const nth = Math.ceil(parts.day / 7);
  return { weekday: weekdayOfKey(date), nth: nth > 4 ? -1 : (nth as 1 | 2 | 3 | 4) };
}

/** "Monthly on the second Tuesday" and the like, for the repeat select. */
export function describeRepeat(choice: RepeatChoice, firstDate: DateKey): string {
  switch (choice) {
    case 'none':
      return 'Does not repeat';
    case 'weekly':
      return 'Weekly';
    case 'every_2_weeks':
      return 'Every 2 weeks';
    case 'every_4_weeks':
      return 'Every 4 weeks';
    case 'monthly_weekday': {
      const { weekday, nth } = weekdayOfMonth(firstDate);
      const ordinal = nth === -1 ? 'last' : ORDINALS[nth - 1];
      return `Monthly on the ${ordinal} ${WEEKDAY_NAMES[weekday]}`;
    }
  }
}

/**
 * The RRULE (without the "RRULE:" prefix) of a repeat choice starting on `firstDate`, or null
 * for "does not repeat". An end date is inclusive: a visit on that date still happens.
 */
export function repeatRule(
  choice: RepeatChoice,
  firstDate: DateKey,
  end: SeriesEnd,
): string | null {
  const parts: string[] = [];
  switch (choice) {
    case 'none':
      return null;
    case 'weekly':
      parts.push('FREQ=WEEKLY');
      break;
    case 'every_2_weeks':
      parts.push('FREQ=WEEKLY', 'INTERVAL=2');
      break;
    case 'every_4_weeks':
      parts.push('FREQ=WEEKLY', 'INTERVAL=4');
      break;
    case 'monthly_weekday': {
      const { weekday, nth } = weekdayOfMonth(firstDate);
      parts.push('FREQ=MONTHLY', `BYDAY=${nth === -1 ? '-1' : `+${nth}`}${BYDAY[weekday]}`);
      break;
    }
  }
  if ('count' in end) parts.push(`COUNT=${end.count}`);
  else parts.push(`UNTIL=${end.until.replaceAll('-', '')}`);
  return parts.join(';');
}
