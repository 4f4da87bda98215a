import { formatDateNumeric } from '@domain/format';

/**
 * A calendar date (a birth date, a waitlist window), not an instant: shown as written, in
 * month-day-year; anything that is not a plain YYYY-MM-DD is shown as it came.
 */
export function formatCalendarDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDateNumeric(`${date}T00:00:00Z`, 'UTC') : date;
}
