import { DEFAULT_BUSINESS_HOURS, DEFAULT_TIMEZONE } from './constants';
import {
  addDaysToKey,
  assertTimeZone,
  eachDateKey,
  formatWallTime,
  localDateKeyOf,
  MINUTES_PER_DAY,
  parseDateKey,
  parseWallTime,
  wallClockToUtc,
  weekdayOfKey,
  type DateKey,
} from './zoned-time';

/** A wall-clock time 'HH:mm' (00:00–23:59) in the schedule's own zone. */
export type WallTime = string;
/** 0 = Sunday … 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** An end at or before the start runs into the next day (spec §9), so 22:00–06:00 is overnight. */
export interface WallSegment {
  start: WallTime;
  end: WallTime;
}

export interface WeeklySegment extends WallSegment {
  weekday: Weekday;
}

/**
 * Per-date exceptions. 'off' removes that date's weekly hours; 'hours' adds segments on that
 * date. Both on one date replace the weekly hours with the given ones. An override concerns
 * segments that start on its date: an overnight shift begun the evening before still ends.
 */
export type ScheduleOverride =
  { date: DateKey; kind: 'off' } | { date: DateKey; kind: 'hours'; segments: WallSegment[] };

export interface Schedule {
  timezone: string;
  weekly: WeeklySegment[];
  overrides: ScheduleOverride[];
}

/** One piece of the spec §9 UTC form: a UTC weekday and UTC wall times. */
export interface UtcSegment {
  weekday: Weekday;
  start: WallTime;
  end: WallTime;
}

export interface Interval {
  start: Date;
  end: Date;
}

/** Epoch milliseconds; the slot sweep works on numbers to avoid a Date per comparison. */
export interface MsInterval {
  start: number;
  end: number;
}

/**
 * Spec §9 names 09:00–17:00 and UTC as defaults but no days. Monday to Friday: a new agent who
 * is bookable at weekends by surprise is worse than one an admin has to open for Saturdays.
 */
export function defaultSchedule(timezone: string = DEFAULT_TIMEZONE): Schedule {
  const weekdays: Weekday[] = [1, 2, 3, 4, 5];
  return {
    timezone,
    weekly: weekdays.map((weekday) => ({ weekday, ...DEFAULT_BUSINESS_HOURS })),
    overrides: [],
  };
}

/** Days off for every date from `from` to `to`, both included (a holiday or leave). */
export function expandDaysOff(from: DateKey, to: DateKey): ScheduleOverride[] {
  if (!parseDateKey(from) || !parseDateKey(to)) {
    throw new RangeError(`Not a calendar date range: ${from} – ${to}`);
  }
  return eachDateKey(from, to).map(({ key }) => ({ date: key, kind: 'off' }));
}

/** A segment as minutes after midnight, parsed once per call rather than once per day. */
interface MinuteSegment {
  start: number;
  end: number;
}

function requireWallTime(value: WallTime): number {
  const minutes = parseWallTime(value);
  if (minutes === null) throw new RangeError(`Not a wall time (HH:mm): ${value}`);
  return minutes;
}

function toMinutes(segment: WallSegment): MinuteSegment {
  return { start: requireWallTime(segment.start), end: requireWallTime(segment.end) };
}

/** Resolve one occurrence of a segment that starts on local date `date`. */
function occurrence(date: DateKey, segment: MinuteSegment, timeZone: string): MsInterval {
  const endDate = segment.end > segment.start ? date : addDaysToKey(date, 1);
  return {
    start: wallClockToUtc(date, segment.start, timeZone),
    end: wallClockToUtc(endDate, segment.end, timeZone),
  };
}

/**
 * Spec §9's conversion of weekly segments to UTC weekday + time pairs, for systems that want
 * that form. The offset differs across the year, so the week containing `referenceDate` (in
 * the agent's zone, Sunday to Saturday) decides which offset applies: the result is exact for
 * that week only. A piece running past UTC midnight splits into start–23:59 and 00:00–end; one
 * ending exactly at midnight is start–23:59. Slot generation does not use this form.
 */
export function toUtcSegments(
  weekly: readonly WeeklySegment[],
  timezone: string,
  referenceDate: Date,
): UtcSegment[] {
  assertTimeZone(timezone);
  const referenceKey = localDateKeyOf(referenceDate, timezone);
  const sunday = addDaysToKey(referenceKey, -weekdayOfKey(referenceKey));

  const pieces: UtcSegment[] = [];
  for (const segment of weekly) {
    const day = addDaysToKey(sunday, segment.weekday);
    const { start, end } = occurrence(day, toMinutes(segment), timezone);
    const startAt = new Date(start);
    const endAt = new Date(end);
    const weekday = startAt.getUTCDay() as Weekday;
    const utcStart = formatWallTime(startAt.getUTCHours() * 60 + startAt.getUTCMinutes());
    const utcEnd = formatWallTime(endAt.getUTCHours() * 60 + endAt.getUTCMinutes());
    const sameUtcDay = startAt.toISOString().slice(0, 10) === endAt.toISOString().slice(0, 10);

    if (sameUtcDay) {
      pieces.push({ weekday, start: utcStart, end: utcEnd });
    } else {
      pieces.push({ weekday, start: utcStart, end: '23:59' });
      if (utcEnd !== '00:00') {
        pieces.push({ weekday: endAt.getUTCDay() as Weekday, start: '00:00', end: utcEnd });
      }
    }
  }
  return pieces.sort(
    (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start) || a.end.localeCompare(b.end),
  );
}

/** Sorted, disjoint and non-touching; empty intervals dropped. Sorts its argument in place. */
export function mergeIntervals(intervals: MsInterval[]): MsInterval[] {
  intervals.sort((a, b) => a.start - b.start);
  const merged: MsInterval[] = [];
  for (const next of intervals) {
    if (!(next.end > next.start)) continue;
    const last = merged[merged.length - 1];
    // Touching intervals merge, so 09:00–12:00 + 12:00–17:00 offers slots across noon.
    if (last && next.start <= last.end) last.end = Math.max(last.end, next.end);
    else merged.push({ ...next });
  }
  return merged;
}

/**
 * Merged, unclipped availability for every local day that can matter to an instant in
 * [fromMs, toMs]: from the local day before `from`'s (an overnight segment from then may still
 * run) to the day after `to`'s (so something starting before `to` can run past midnight).
 * Each occurrence is resolved from its own local date's wall clock: on a DST day 09:00–17:00
 * stays 09:00–17:00 on the clock, 7 or 9 real hours when the change falls inside it.
 */
export function availabilityAround(schedule: Schedule, fromMs: number, toMs: number): MsInterval[] {
  const timeZone = schedule.timezone;
  assertTimeZone(timeZone);
  if (!(toMs >= fromMs)) return [];

  const byWeekday: MinuteSegment[][] = [[], [], [], [], [], [], []];
  for (const segment of schedule.weekly) byWeekday[segment.weekday]?.push(toMinutes(segment));
  const daysOff = new Set<DateKey>();
  const extraHours = new Map<DateKey, MinuteSegment[]>();
  for (const override of schedule.overrides) {
    if (override.kind === 'off') daysOff.add(override.date);
    else {
      const extra = extraHours.get(override.date) ?? [];
      extra.push(...override.segments.map(toMinutes));
      extraHours.set(override.date, extra);
    }
  }

  const first = addDaysToKey(localDateKeyOf(fromMs, timeZone), -1);
  const last = addDaysToKey(localDateKeyOf(toMs, timeZone), 1);
  const occurrences: MsInterval[] = [];
  for (const { key: date, weekday } of eachDateKey(first, last)) {
    const weekly = daysOff.has(date) ? [] : (byWeekday[weekday] ?? []);
    for (const segment of weekly) occurrences.push(occurrence(date, segment, timeZone));
    for (const segment of extraHours.get(date) ?? []) {
      occurrences.push(occurrence(date, segment, timeZone));
    }
  }
  return mergeIntervals(occurrences);
}

/** The agent's availability within [rangeStartUtc, rangeEndUtc), merged, sorted and clipped. */
export function availabilityIntervals(
  schedule: Schedule,
  rangeStartUtc: Date,
  rangeEndUtc: Date,
): Interval[] {
  const from = rangeStartUtc.getTime();
  const to = rangeEndUtc.getTime();
  if (!(to > from)) return [];
  return availabilityAround(schedule, from, to)
    .map((interval) => ({ start: Math.max(interval.start, from), end: Math.min(interval.end, to) }))
    .filter((interval) => interval.end > interval.start)
    .map((interval) => ({ start: new Date(interval.start), end: new Date(interval.end) }));
}

const WEEK_MINUTES = 7 * MINUTES_PER_DAY;

/** Messages a person can act on; an empty list means the week can be saved. */
export function validateWeekly(segments: readonly WeeklySegment[]): string[] {
  const messages = new Set<string>();
  const spans: MinuteSegment[] = [];
  for (const segment of segments) {
    if (!Number.isInteger(segment.weekday) || segment.weekday < 0 || segment.weekday > 6) {
      messages.add('Weekday must be a number from 0 (Sunday) to 6 (Saturday)');
      continue;
    }
    const start = parseWallTime(segment.start);
    const end = parseWallTime(segment.end);
    if (start === null || end === null) {
      messages.add('Times must be written as HH:mm, for example 09:00');
      continue;
    }
    if (start === end) {
      messages.add('End time must differ from start time');
      continue;
    }
    const weekStart = segment.weekday * MINUTES_PER_DAY + start;
    const length = end > start ? end - start : end - start + MINUTES_PER_DAY;
    spans.push({ start: weekStart, end: weekStart + length });
  }

  // The week is a circle: Saturday 22:00–06:00 runs into Sunday morning.
  const overlapDays = new Set<number>();
  spans.forEach((a, i) => {
    for (const b of spans.slice(i + 1)) {
      for (const shift of [-WEEK_MINUTES, 0, WEEK_MINUTES]) {
        const bStart = b.start + shift;
        if (a.start < b.end + shift && bStart < a.end) {
          const overlapStart = (Math.max(a.start, bStart) + WEEK_MINUTES) % WEEK_MINUTES;
          overlapDays.add(Math.floor(overlapStart / MINUTES_PER_DAY));
        }
      }
    }
  });
  for (const day of [...overlapDays].sort((a, b) => a - b)) {
    messages.add(`Segments overlap on ${WEEKDAY_NAMES[day]}`);
  }
  return [...messages];
}
