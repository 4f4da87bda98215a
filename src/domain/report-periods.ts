// The reports' period arithmetic (issue 45, ADR 052). The roll-up keeps clinic-local days, so a
// week or a month is a run of calendar dates and nothing here needs an offset: a week in Sydney
// is Sunday to Saturday on Sydney's calendar whatever its clocks do. Only where a period meets
// instants (today, and the instants bounding its days) is the clinic's zone an argument.
import { availabilityIntervals, type Schedule } from './schedule';
import {
  addDaysToKey,
  compareDateKeys,
  eachDateKey,
  parseWallTime,
  localDateKeyOf,
  parseDateKey,
  toDateKey,
  wallClockToUtc,
  weekdayOfKey,
  type DateKey,
} from './zoned-time';

export const REPORT_GRANULARITIES = ['week', 'month'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

/** The longest period one report covers: two years, week by week or month by month. */
export const REPORT_MAX_DAYS = 731;

/** A run of calendar dates, both ends included. */
export interface DayRange {
  from: DateKey;
  to: DateKey;
}

/** One column of a report: a week or a month, cut to the period where the period cuts it. */
export interface ReportBucket extends DayRange {
  /** The week's Sunday or the month's first day, whether or not the period includes it. */
  start: DateKey;
}

function requireKey(key: DateKey): { year: number; month: number; day: number } {
  const parts = parseDateKey(key);
  if (!parts) throw new RangeError(`Not a calendar date: ${key}`);
  return parts;
}

/** The week (from Sunday, as the app's calendars) or month a date belongs to: its first day. */
export function bucketStartOf(day: DateKey, by: ReportGranularity): DateKey {
  if (by === 'week') return addDaysToKey(day, -weekdayOfKey(day));
  const { year, month } = requireKey(day);
  return toDateKey(year, month, 1);
}

/** The first day of the bucket after the one starting on `start`. */
function nextBucketStart(start: DateKey, by: ReportGranularity): DateKey {
  if (by === 'week') return addDaysToKey(start, 7);
  const { year, month } = requireKey(start);
  return month === 12 ? toDateKey(year + 1, 1, 1) : toDateKey(year, month + 1, 1);
}

/** How many calendar days a range holds. */
export function daysIn(range: DayRange): number {
  const a = requireKey(range.from);
  const b = requireKey(range.to);
  return (
    Math.round(
      (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
    ) + 1
  );
}

/** Why a period cannot be reported on, in words; null when it can. */
export function reportPeriodProblem(range: DayRange): string | null {
  if (!parseDateKey(range.from) || !parseDateKey(range.to)) {
    return 'Give the period as two calendar dates (YYYY-MM-DD).';
  }
  if (compareDateKeys(range.from, range.to) > 0) {
    return 'The period ends before it starts. Choose an end on or after the start.';
  }
  if (daysIn(range) > REPORT_MAX_DAYS) {
    return `A report covers at most ${REPORT_MAX_DAYS} days. Choose a shorter period.`;
  }
  return null;
}

/** The weeks or months of a period in order, the first and last cut to the period. */
export function reportBuckets(range: DayRange, by: ReportGranularity): ReportBucket[] {
  const buckets: ReportBucket[] = [];
  for (
    let start = bucketStartOf(range.from, by);
    compareDateKeys(start, range.to) <= 0;
    start = nextBucketStart(start, by)
  ) {
    const last = addDaysToKey(nextBucketStart(start, by), -1);
    buckets.push({
      start,
      from: compareDateKeys(start, range.from) < 0 ? range.from : start,
      to: compareDateKeys(last, range.to) > 0 ? range.to : last,
    });
  }
  return buckets;
}

/** Whether a bucket holds its whole week or month, not cut by the period. */
export function isWholeBucket(bucket: ReportBucket, by: ReportGranularity): boolean {
  return bucket.from === bucket.start && bucket.to === bucketEnd(bucket.start, by);
}

/** The last day of the week or month starting on `start`. */
function bucketEnd(start: DateKey, by: ReportGranularity): DateKey {
  return addDaysToKey(nextBucketStart(start, by), -1);
}

/**
 * Where a period's sums are read (ADR 052). `wholeStarts`: the first and last start of the weeks
 * or months read from the roll-up kept per period (null when none is): every whole one, and a
 * bucket the period cuts when fewer of its days fall outside the period than inside, whose days
 * outside (`subtractDays`) are then taken away. `addDays`: the days of a cut bucket read from the
 * roll-up kept per day instead. So a cut month reads at most half a month of days.
 */
export function rollupReads(
  range: DayRange,
  by: ReportGranularity,
): { wholeStarts: DayRange | null; addDays: DayRange[]; subtractDays: DayRange[] } {
  const fromPeriods: ReportBucket[] = [];
  const addDays: DayRange[] = [];
  const subtractDays: DayRange[] = [];
  for (const b of reportBuckets(range, by)) {
    if (isWholeBucket(b, by)) {
      fromPeriods.push(b);
      continue;
    }
    const end = bucketEnd(b.start, by);
    const inside = daysIn(b);
    if (daysIn({ from: b.start, to: end }) - inside < inside) {
      fromPeriods.push(b);
      if (b.from !== b.start) subtractDays.push({ from: b.start, to: addDaysToKey(b.from, -1) });
      if (b.to !== end) subtractDays.push({ from: addDaysToKey(b.to, 1), to: end });
    } else {
      addDays.push({ from: b.from, to: b.to });
    }
  }
  return {
    wholeStarts: fromPeriods.length
      ? { from: fromPeriods[0]!.start, to: fromPeriods.at(-1)!.start }
      : null,
    addDays,
    subtractDays,
  };
}

/**
 * The period a report opens on: the last twelve weeks or months up to and including the current
 * one, on the clinic's calendar at `now`.
 */
export function defaultReportPeriod(now: Date, timeZone: string, by: ReportGranularity): DayRange {
  const today = localDateKeyOf(now, timeZone);
  const current = bucketStartOf(today, by);
  let first = current;
  for (let i = 0; i < 11; i++) first = bucketStartOf(addDaysToKey(first, -1), by);
  return { from: first, to: addDaysToKey(nextBucketStart(current, by), -1) };
}

/**
 * The instants a run of the clinic's days covers: from the first day's midnight to the midnight
 * after the last, on the clinic's clocks (a week across a DST change is 167 or 169 hours).
 */
export function dayRangeInstants(range: DayRange, timeZone: string): { start: Date; end: Date } {
  return {
    start: new Date(wallClockToUtc(range.from, 0, timeZone)),
    end: new Date(wallClockToUtc(addDaysToKey(range.to, 1), 0, timeZone)),
  };
}

/** a ÷ b, 0 when there is nothing to divide by (a rate of nothing reads as none). */
export function ratio(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/** The minutes an agent's schedule offers between two instants: weekly hours, time off excluded. */
export function scheduledMinutes(schedule: Schedule, start: Date, end: Date): number {
  return availabilityIntervals(schedule, start, end).reduce(
    (sum, i) => sum + (i.end.getTime() - i.start.getTime()) / 60_000,
    0,
  );
}

/** What every agent's count needs of the buckets, worked out once per zone and period. */
interface BucketCalendar {
  /** How many Sundays … Saturdays each bucket holds. */
  weekdayCounts: number[][];
  /** The days, per bucket, that are not 24 hours long: their clocks change. */
  changeDays: Array<Array<{ key: DateKey; weekday: number }>>;
}

const calendarCache = new Map<string, BucketCalendar>();

function bucketCalendar(buckets: readonly ReportBucket[], timeZone: string): BucketCalendar {
  const cacheKey = `${timeZone}|${buckets.map((b) => b.from).join(',')}|${buckets.at(-1)?.to}`;
  const cached = calendarCache.get(cacheKey);
  if (cached) return cached;
  const calendar: BucketCalendar = { weekdayCounts: [], changeDays: [] };
  for (const bucket of buckets) {
    const counts = [0, 0, 0, 0, 0, 0, 0];
    const changes: Array<{ key: DateKey; weekday: number }> = [];
    let midnight = wallClockToUtc(bucket.from, 0, timeZone);
    for (const { key, weekday } of eachDateKey(bucket.from, bucket.to)) {
      counts[weekday]! += 1;
      const next = wallClockToUtc(addDaysToKey(key, 1), 0, timeZone);
      if (next - midnight !== 86_400_000) changes.push({ key, weekday });
      midnight = next;
    }
    calendar.weekdayCounts.push(counts);
    calendar.changeDays.push(changes);
  }
  if (calendarCache.size >= 64) calendarCache.clear();
  calendarCache.set(cacheKey, calendar);
  return calendar;
}

/** A weekly or override segment's length in wall minutes: an end at or before the start is the next day's. */
function wallLength(segment: { start: string; end: string }): number {
  const start = parseWallTime(segment.start) ?? 0;
  const end = parseWallTime(segment.end) ?? 0;
  return end > start ? end - start : end + 24 * 60 - start;
}

/**
 * Each bucket's scheduled minutes for an agent, on the clinic's calendar in `timeZone`. A day's
 * hours are its weekly segments (or its override's), as long on the clock as they read, counted
 * on the day they start; only a day whose clocks change, or a schedule kept in another zone, is
 * worked out from the instants (`scheduledMinutes`), exact and far slower: a year's report of a
 * network asks this of every agent within issue 45's 300 ms.
 */
export function scheduledMinutesPerBucket(
  schedule: Schedule,
  buckets: readonly ReportBucket[],
  timeZone: string,
): number[] {
  const exact = (day: DateKey) => {
    const { start, end } = dayRangeInstants({ from: day, to: day }, timeZone);
    return scheduledMinutes(schedule, start, end);
  };
  if (schedule.timezone !== timeZone) {
    return buckets.map((b) => {
      const { start, end } = dayRangeInstants(b, timeZone);
      return scheduledMinutes(schedule, start, end);
    });
  }
  const weekly = [0, 0, 0, 0, 0, 0, 0];
  for (const segment of schedule.weekly) weekly[segment.weekday]! += wallLength(segment);
  const off = new Set<DateKey>();
  const extra = new Map<DateKey, number>();
  for (const o of schedule.overrides) {
    if (o.kind === 'off') off.add(o.date);
    else
      extra.set(
        o.date,
        (extra.get(o.date) ?? 0) + o.segments.reduce((n, g) => n + wallLength(g), 0),
      );
  }
  /** What the weekly count gives a day, and what the day's overrides make of it. */
  const estimate = (day: DateKey, weekday: number) =>
    (off.has(day) ? 0 : weekly[weekday]!) + (extra.get(day) ?? 0);
  const calendar = bucketCalendar(buckets, timeZone);
  const minutes = buckets.map((_, i) =>
    calendar.weekdayCounts[i]!.reduce((n, count, weekday) => n + count * weekly[weekday]!, 0),
  );
  const changeDays = new Set(calendar.changeDays.flat().map((d) => d.key));
  for (const day of new Set([...off, ...extra.keys()])) {
    if (changeDays.has(day)) continue;
    const i = buckets.findIndex(
      (b) => compareDateKeys(b.from, day) <= 0 && compareDateKeys(day, b.to) <= 0,
    );
    if (i < 0) continue;
    const weekday = weekdayOfKey(day);
    minutes[i]! += estimate(day, weekday) - weekly[weekday]!;
  }
  calendar.changeDays.forEach((days, i) => {
    for (const { key, weekday } of days) minutes[i]! += exact(key) - weekly[weekday]!;
  });
  return minutes;
}
