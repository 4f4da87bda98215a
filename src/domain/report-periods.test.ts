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
  rollupReads,
  reportPeriodProblem,
  scheduledMinutes,
  scheduledMinutesPerBucket,
} from './report-periods';
import type { Schedule, Weekday } from './schedule';
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

  it('read every day of a period once and no other: whole buckets from their roll-up, cut ones by day or whole less their days outside', () => {
    fc.assert(
      fc.property(period, granularity, (range, by) => {
        const { wholeStarts, addDays, subtractDays } = rollupReads(range, by);
        const count = new Map<string, number>();
        const add = (from: string, to: string, n: number) => {
          for (let d = from; d <= to; d = addDaysToKey(d, 1)) count.set(d, (count.get(d) ?? 0) + n);
        };
        if (wholeStarts) {
          expect(bucketStartOf(wholeStarts.from, by)).toBe(wholeStarts.from);
          // Every bucket from the first start to the last, each whole.
          for (let s = wholeStarts.from; s <= wholeStarts.to;) {
            let last = s;
            while (bucketStartOf(addDaysToKey(last, 1), by) === s) last = addDaysToKey(last, 1);
            add(s, last, 1);
            s = addDaysToKey(last, 1);
          }
        }
        for (const d of addDays) add(d.from, d.to, 1);
        for (const d of subtractDays) add(d.from, d.to, -1);
        for (const [day, n] of count) {
          const inside = day >= range.from && day <= range.to;
          expect(n, day).toBe(inside ? 1 : 0);
        }
        for (let d = range.from; d <= range.to; d = addDaysToKey(d, 1))
          expect(count.get(d)).toBe(1);
        // Never more than half a bucket of days at either end.
        const days = [...addDays, ...subtractDays].reduce((n, d) => n + daysIn(d), 0);
        expect(days).toBeLessThanOrEqual(by === 'week' ? 7 : 31);
      }),
      { numRuns: 300 },
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

  it('count an agent’s scheduled minutes per bucket as the instants of their hours do, across DST', () => {
    const wall = fc.integer({ min: 0, max: 23 * 4 }).map((q) => q * 15);
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    // Segments that end the day they start: an overnight one counts on its first day here,
    // split at midnight by the instants.
    const segment = fc
      .tuple(wall, fc.integer({ min: 1, max: 16 }))
      .filter(([start, quarters]) => start + quarters * 15 <= 24 * 60 - 15)
      .map(([start, quarters]) => ({ start: hhmm(start), end: hhmm(start + quarters * 15) }));
    const schedule = fc
      .tuple(
        fc.constantFrom(...ZONES),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), segment), { maxLength: 6 }),
        fc.array(dayKey, { maxLength: 4 }),
        fc.array(fc.tuple(dayKey, segment), { maxLength: 3 }),
      )
      .map(([timezone, weekly, daysOff, extra]): Schedule => {
        // One segment per weekday and per extra date, so none overlaps another.
        const byDay = new Map(weekly.map(([weekday, s]) => [weekday, s]));
        const extraByDay = new Map(extra);
        return {
          timezone,
          weekly: [...byDay].map(([weekday, s]) => ({ weekday: weekday as Weekday, ...s })),
          overrides: [
            ...daysOff.map((date) => ({ date, kind: 'off' as const })),
            ...[...extraByDay].map(([date, s]) => ({
              date,
              kind: 'hours' as const,
              segments: [s],
            })),
          ],
        };
      });
    const shortPeriod = fc
      .tuple(dayKey, fc.integer({ min: 0, max: 120 }))
      .map(([from, span]) => ({ from, to: addDaysToKey(from, span) }));
    fc.assert(
      fc.property(schedule, shortPeriod, granularity, (agent, range, by) => {
        // An extra segment on a day off, or overlapping the weekly one, is merged by the
        // instants; the clock count adds it: only schedules without such overlaps compare.
        fc.pre(agent.overrides.every((o) => o.kind === 'off' || !agent.weekly.length));
        const buckets = reportBuckets(range, by);
        const fast = scheduledMinutesPerBucket(agent, buckets, agent.timezone);
        const exact = buckets.map((b) => {
          const { start, end } = dayRangeInstants(b, agent.timezone);
          return scheduledMinutes(agent, start, end);
        });
        expect(fast).toEqual(exact);
      }),
      { numRuns: 100 },
    );
  });

  it('count a New York day whose clocks go back by its instants: 09:00–17:00 stays 8 hours', () => {
    const agent: Schedule = {
      timezone: 'America/New_York',
      weekly: [{ weekday: 0, start: '00:30', end: '03:30' }],
      overrides: [],
    };
    const buckets = reportBuckets({ from: '2026-11-01', to: '2026-11-07' }, 'week');
    // 00:30–03:30 on the night the clocks go back from 02:00 to 01:00 is four hours long.
    expect(scheduledMinutesPerBucket(agent, buckets, 'America/New_York')).toEqual([240]);
  });
});
