// The reports' period arithmetic (issue 45, ADR 052). The roll-up keeps clinic-local days, so a
// week or a month is a run of calendar dates and nothing here needs an offset: a week in Sydney
// is Sunday to Saturday on Sydney's calendar whatever its clocks do. Only where a period meets
// instants (today, and the instants bounding its days) is the clinic's zone an argument.
import { availabilityIntervals, type Schedule } from './schedule';
import {
  addDaysToKey,
  compareDateKeys,
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
