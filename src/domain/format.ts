import { DEFAULT_DURATION_MINUTES } from './constants';
import {
  isRepeatedWallTime,
  localDateKeyOf,
  MINUTE_MS,
  partsOf,
  zoneAbbreviation,
  zoneFormat,
  type DateInput,
  type DateKey,
} from './zoned-time';

/** date-fns' `weekStartsOn`: weeks start on Sunday (spec §9). */
export const WEEK_STARTS_ON = 0;

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  // date-fns would say "Invalid time value"; name the actual problem instead.
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

// Spec §9: US English. The four shapes below are built from Intl's parts rather than with
// date-fns' format(): the same words, without shipping date-fns' formatter to the patient page
// (ADR 016: its bundle). Parts, not Intl's own string: newer ICU puts a narrow no-break space
// before "PM", which would read differently from the rest of the product.
/** Month names in US English, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
type Pattern = 'MMM d, yyyy' | 'MM/dd/yyyy' | 'EEEE, MMMM d, yyyy' | 'h:mm a';
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

const PARTS_FIELDS = {
  weekday: 'long',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h12',
} as const;

function partsIn(value: DateInput, timeZone: string) {
  return partsOf(zoneFormat(partsFormatters, timeZone, PARTS_FIELDS), toDate(value));
}

function formatIn(value: DateInput, pattern: Pattern, timeZone: string): string {
  const p = partsIn(value, timeZone);
  const month = MONTH_NAMES[Number(p.month) - 1]!;
  const year = p.year!.padStart(4, '0');
  switch (pattern) {
    case 'MMM d, yyyy':
      return `${month.slice(0, 3)} ${Number(p.day)}, ${year}`;
    case 'MM/dd/yyyy':
      return `${p.month!.padStart(2, '0')}/${p.day!.padStart(2, '0')}/${year}`;
    case 'EEEE, MMMM d, yyyy':
      return `${p.weekday}, ${month} ${Number(p.day)}, ${year}`;
    case 'h:mm a':
      return `${Number(p.hour)}:${p.minute} ${p.dayPeriod}`;
  }
}

/** "Nov 21, 2026" */
export function formatDate(value: DateInput, timeZone: string): string {
  return formatIn(value, 'MMM d, yyyy', timeZone);
}

/** "11/21/2026" — the create wizard's summary date (spec §2: month-day-year). */
export function formatDateNumeric(value: DateInput, timeZone: string): string {
  return formatIn(value, 'MM/dd/yyyy', timeZone);
}

/** "Saturday, November 21, 2026" — the details dialog's summary card. */
export function formatDateWithWeekday(value: DateInput, timeZone: string): string {
  return formatIn(value, 'EEEE, MMMM d, yyyy', timeZone);
}

/**
 * "3:30 PM"; "1:30 AM EDT" and "1:30 AM EST" on the night the clocks go back, when the same
 * time happens twice and only the zone's name tells the picker's, the list's and the details'
 * two slots apart.
 */
export function formatTime(value: DateInput, timeZone: string): string {
  const time = formatIn(value, 'h:mm a', timeZone);
  const at = toDate(value);
  return isRepeatedWallTime(at, timeZone) ? `${time} ${zoneAbbreviation(at, timeZone)}` : time;
}

/**
 * A wall-clock time given as minutes after midnight, as formatTime words it: 720 is "12:00 PM",
 * 1020 "5:00 PM". For times of no particular day (a part of the day, a business hour).
 */
export function formatWallClock(minutes: number): string {
  return formatIn(Date.UTC(2000, 0, 1) + minutes * MINUTE_MS, 'h:mm a', 'UTC');
}

/**
 * "3:30 PM – 4:00 PM" (spec §2: start – start plus duration). A missing duration is the
 * default 30 minutes, as the spec displays it. The end is elapsed time after the start, so an
 * appointment across a DST change shows the clock time at which it really ends.
 */
export function formatTimeRange(
  start: DateInput,
  durationMinutes: number | null | undefined,
  timeZone: string,
): string {
  const startDate = toDate(start);
  const minutes = durationMinutes ?? DEFAULT_DURATION_MINUTES;
  const end = new Date(startDate.getTime() + minutes * MINUTE_MS);
  return `${formatTime(startDate, timeZone)} – ${formatTime(end, timeZone)}`;
}

/** "30 min" — the header's duration, 30 when absent (spec §2). */
export function formatDuration(durationMinutes: number | null | undefined): string {
  return `${durationMinutes ?? DEFAULT_DURATION_MINUTES} min`;
}

/** "2026-11-21": the calendar day the instant falls on in `timeZone`, for grouping and keys. */
export function localDateKey(value: DateInput, timeZone: string): DateKey {
  return localDateKeyOf(toDate(value), timeZone);
}

export interface LocalDateGroup<T> {
  date: DateKey;
  items: T[];
}

/**
 * Spec §2/§7: a date-range view groups appointments by local date in the viewer's zone, days
 * in order and items by time within each day. Items with equal times keep their given order.
 */
export function groupByLocalDate<T>(
  items: readonly T[],
  getDate: (item: T) => DateInput,
  timeZone: string,
): Array<LocalDateGroup<T>> {
  const keyed = items.map((item, index) => {
    const at = toDate(getDate(item));
    return { item, index, ms: at.getTime(), key: localDateKeyOf(at, timeZone) };
  });
  keyed.sort((a, b) => a.ms - b.ms || a.index - b.index);

  const groups: Array<LocalDateGroup<T>> = [];
  for (const { item, key } of keyed) {
    // Sorted by instant, so one day's items are contiguous and days come in order.
    const last = groups[groups.length - 1];
    if (last && last.date === key) last.items.push(item);
    else groups.push({ date: key, items: [item] });
  }
  return groups;
}

/** "1,260": counts read the same on every screen (US English, spec §9). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * The zone as a reader says it: "Eastern Time", "Central European Time". Zones without such a
 * name (UTC, Etc/GMT+5) read as their id rather than "GMT+00:00".
 */
export function zoneLongName(value: DateInput, timeZone: string): string {
  const named = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(toDate(value))
    .find((p) => p.type === 'timeZoneName')?.value;
  if (named && !/^GMT[+-]/.test(named) && named !== 'GMT') return named;
  return timeZone === 'UTC' || timeZone === 'Etc/UTC' ? 'Coordinated Universal Time' : timeZone;
}

/**
 * "Tuesday, March 9, 2027 at 9:00 AM Eastern Time": a time written out with its zone, for
 * messages read away from the app, where nothing else says which clock it is.
 */
export function formatDateTimeWithZone(value: DateInput, timeZone: string): string {
  const at = toDate(value);
  return `${formatDateWithWeekday(at, timeZone)} at ${formatIn(at, 'h:mm a', timeZone)} ${zoneLongName(at, timeZone)}`;
}
