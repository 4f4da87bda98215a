import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bucketStartOf,
  dayRangeInstants,
  daysIn,
  defaultReportPeriod,
  REPORT_GRANULARITIES,
  REPORT_MAX_DAYS,
  reportBuckets,
  reportPeriodProblem,
} from './report-periods';
import { addDaysToKey, localDateKeyOf, weekdayOfKey } from './zoned-time';

const ZONES = ['Australia/Sydney', 'America/New_York', 'Europe/London', 'UTC', 'Asia/Kolkata'];
const dayKey = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2040-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));
const period = fc
  .tuple(dayKey, fc.integer({ min: 0, max: REPORT_MAX_DAYS - 1 }))
  .map(([from, span]) => ({ from, to: addDaysToKey(from, span) }));
const granularity = fc.constantFrom(...REPORT_GRANULARITIES);

describe('report periods', () => {
  it('cut a period into weeks or months that cover each of its days exactly once, in order', () => {
    fc.assert(
      fc.property(period, granularity, (range, by) => {
        const buckets = reportBuckets(range, by);
        expect(buckets[0]!.from).toBe(range.from);
        expect(buckets.at(-1)!.to).toBe(range.to);
        for (const [i, b] of buckets.entries()) {
          if (i > 0) expect(b.from).toBe(addDaysToKey(buckets[i - 1]!.to, 1));
          expect(bucketStartOf(b.from, by)).toBe(b.start);
          expect(bucketStartOf(b.to, by)).toBe(b.start);
        }
        expect(buckets.reduce((n, b) => n + daysIn(b), 0)).toBe(daysIn(range));
      }),
    );
  });

  it('start weeks on Sunday and months on the first', () => {
    fc.assert(
      fc.property(dayKey, (day) => {
        expect(weekdayOfKey(bucketStartOf(day, 'week'))).toBe(0);
        expect(bucketStartOf(day, 'month')).toBe(`${day.slice(0, 7)}-01`);
      }),
    );
  });

  it('open on twelve whole weeks or months ending with the one holding today in the clinic', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2001-01-01T00:00:00Z'),
          max: new Date('2039-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...ZONES),
        granularity,
        (now, zone, by) => {
          const range = defaultReportPeriod(now, zone, by);
          const buckets = reportBuckets(range, by);
          expect(buckets).toHaveLength(12);
          expect(buckets.every((b) => b.from === b.start)).toBe(true);
          const today = localDateKeyOf(now, zone);
          expect(today >= buckets.at(-1)!.from && today <= buckets.at(-1)!.to).toBe(true);
          expect(reportPeriodProblem(range)).toBeNull();
        },
      ),
    );
  });

  it('bound a run of days by the clinic’s midnights, so its instants follow its clocks', () => {
    fc.assert(
      fc.property(period, fc.constantFrom(...ZONES), (range, zone) => {
        const { start, end } = dayRangeInstants(range, zone);
        expect(localDateKeyOf(start, zone)).toBe(range.from);
        expect(localDateKeyOf(new Date(end.getTime() - 1), zone)).toBe(range.to);
        expect(localDateKeyOf(end, zone)).toBe(addDaysToKey(range.to, 1));
      }),
    );
  });

  it('count a Sydney week across the change to summer time as its 167 hours', () => {
    // Sydney's clocks went forward on Sunday 2026-10-04, 02:00 → 03:00.
    const { start, end } = dayRangeInstants(
      { from: '2026-10-04', to: '2026-10-10' },
      'Australia/Sydney',
    );
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(167);
    expect(start.toISOString()).toBe('2026-10-03T14:00:00.000Z');
  });

  it('refuse a period that is backwards, malformed or longer than two years, in words', () => {
    expect(reportPeriodProblem({ from: '2026-05-02', to: '2026-05-01' })).toMatch(/ends before/);
    expect(reportPeriodProblem({ from: '2026-02-30', to: '2026-05-01' })).toMatch(/calendar dates/);
    expect(reportPeriodProblem({ from: '2024-01-01', to: '2026-01-02' })).toMatch(/at most 731/);
  });
});
