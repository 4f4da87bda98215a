import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availabilityIntervals, expandDaysOff, type Schedule, type Weekday } from './schedule';
import { addDaysToKey, HOUR_MS, wallClockToUtc } from './zoned-time';

const EVERY_DAY: Weekday[] = [0, 1, 2, 3, 4, 5, 6];

function createSchedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    timezone: 'America/New_York',
    weekly: EVERY_DAY.map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    overrides: [],
    ...overrides,
  };
}

/** The whole local day `key` in `zone`, as a UTC range. */
function localDay(key: string, zone: string): [Date, Date] {
  return [
    new Date(wallClockToUtc(key, 0, zone)),
    new Date(wallClockToUtc(addDaysToKey(key, 1), 0, zone)),
  ];
}

function iso(intervals: Array<{ start: Date; end: Date }>): string[][] {
  return intervals.map(({ start, end }) => [start.toISOString(), end.toISOString()]);
}

describe('availabilityIntervals', () => {
  it.each([
    // zone, DST date, local 09:00–17:00 in UTC (unaffected: changes happen at night)
    ['America/New_York', '2026-03-08', '2026-03-08T13:00:00.000Z', '2026-03-08T21:00:00.000Z'],
    ['America/New_York', '2026-11-01', '2026-11-01T14:00:00.000Z', '2026-11-01T22:00:00.000Z'],
    ['Europe/London', '2026-03-29', '2026-03-29T08:00:00.000Z', '2026-03-29T16:00:00.000Z'],
    ['Europe/London', '2026-10-25', '2026-10-25T09:00:00.000Z', '2026-10-25T17:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05', '2026-04-04T22:30:00.000Z', '2026-04-05T06:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-04', '2026-10-03T22:00:00.000Z', '2026-10-04T06:00:00.000Z'],
    ['Asia/Kathmandu', '2026-03-08', '2026-03-08T03:15:00.000Z', '2026-03-08T11:15:00.000Z'],
  ])('%s on %s: 09:00–17:00 is %s – %s', (zone, key, start, end) => {
    const [from, to] = localDay(key, zone);
    expect(iso(availabilityIntervals(createSchedule({ timezone: zone }), from, to))).toEqual([
      [start, end],
    ]);
  });

  it.each([
    // A segment across the change keeps its wall-clock ends: the real length shrinks or grows.
    ['America/New_York', '2026-03-08', '00:00', '06:00', 5],
    ['America/New_York', '2026-11-01', '00:00', '06:00', 7],
    ['Europe/London', '2026-03-29', '00:00', '06:00', 5],
    ['Europe/London', '2026-10-25', '00:00', '06:00', 7],
    ['Australia/Lord_Howe', '2026-10-04', '00:00', '06:00', 5.5],
    ['Australia/Lord_Howe', '2026-04-05', '00:00', '06:00', 6.5],
    // Both ends inside the New York gap: it moves past the gap, and stays 30 minutes.
    ['America/New_York', '2026-03-08', '02:00', '02:30', 0.5],
  ])('%s %s %s–%s lasts %d real hours', (zone, key, start, end, hours) => {
    const schedule = createSchedule({ timezone: zone, weekly: [{ weekday: 0, start, end }] });
    const [from, to] = localDay(key, zone);
    const [interval, ...rest] = availabilityIntervals(schedule, from, to);
    expect(rest).toEqual([]);
    expect(interval!.end.getTime() - interval!.start.getTime()).toBe(hours * HOUR_MS);
  });

  it('applies overrides: a day off, extra hours, and both (replacing the week)', () => {
    const schedule = createSchedule({
      timezone: 'UTC',
      overrides: [
        ...expandDaysOff('2026-12-24', '2026-12-25'),
        { date: '2026-12-25', kind: 'hours', segments: [{ start: '10:00', end: '12:00' }] },
        { date: '2026-12-26', kind: 'hours', segments: [{ start: '17:00', end: '19:00' }] },
      ],
    });
    const intervals = availabilityIntervals(
      schedule,
      new Date('2026-12-23T00:00:00Z'),
      new Date('2026-12-27T00:00:00Z'),
    );
    expect(iso(intervals)).toEqual([
      ['2026-12-23T09:00:00.000Z', '2026-12-23T17:00:00.000Z'],
      ['2026-12-25T10:00:00.000Z', '2026-12-25T12:00:00.000Z'],
      ['2026-12-26T09:00:00.000Z', '2026-12-26T19:00:00.000Z'],
    ]);
  });

  it('merges touching segments, runs overnight ones into the next day, and clips to the range', () => {
    const schedule = createSchedule({
      timezone: 'UTC',
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '12:00', end: '13:00' },
        { weekday: 1, start: '22:00', end: '02:00' },
        { weekday: 2, start: '01:00', end: '03:00' },
      ],
    });
    expect(
      iso(
        availabilityIntervals(
          schedule,
          new Date('2026-11-23T10:00:00Z'),
          new Date('2026-11-25T00:00:00Z'),
        ),
      ),
    ).toEqual([
      ['2026-11-23T10:00:00.000Z', '2026-11-23T13:00:00.000Z'],
      ['2026-11-23T22:00:00.000Z', '2026-11-24T03:00:00.000Z'],
    ]);
    expect(availabilityIntervals(schedule, new Date('2026-11-24'), new Date('2026-11-24'))).toEqual(
      [],
    );
  });

  it('keeps an overnight shift begun the evening before a day off', () => {
    const schedule = createSchedule({
      timezone: 'UTC',
      weekly: EVERY_DAY.map((weekday) => ({ weekday, start: '22:00', end: '06:00' })),
      overrides: [{ date: '2026-11-24', kind: 'off' }],
    });
    const [from, to] = localDay('2026-11-24', 'UTC');
    expect(iso(availabilityIntervals(schedule, from, to))).toEqual([
      ['2026-11-24T00:00:00.000Z', '2026-11-24T06:00:00.000Z'],
    ]);
  });

  it('returns sorted, disjoint, non-touching intervals inside the range', () => {
    const segmentArb = fc.record({
      weekday: fc.constantFrom(...EVERY_DAY),
      start: fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
      end: fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
    });
    const toText = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    fc.assert(
      fc.property(
        fc.array(segmentArb, { maxLength: 8 }),
        fc.constantFrom(
          'America/New_York',
          'Europe/London',
          'Australia/Lord_Howe',
          'Asia/Kathmandu',
        ),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 1) }),
        fc.integer({ min: 0, max: 4 * 24 * HOUR_MS }),
        (segments, zone, fromMs, length) => {
          const weekly = segments.map((s) => ({
            ...s,
            start: toText(s.start),
            end: toText(s.end),
          }));
          const from = new Date(fromMs);
          const to = new Date(fromMs + length);
          const intervals = availabilityIntervals(
            createSchedule({ timezone: zone, weekly }),
            from,
            to,
          );
          let previousEnd = -Infinity;
          for (const { start, end } of intervals) {
            expect(start.getTime()).toBeGreaterThan(previousEnd);
            expect(end.getTime()).toBeGreaterThan(start.getTime());
            expect(start.getTime()).toBeGreaterThanOrEqual(from.getTime());
            expect(end.getTime()).toBeLessThanOrEqual(to.getTime());
            previousEnd = end.getTime();
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('rejects an unknown zone and malformed wall times', () => {
    const range = [new Date('2026-11-23'), new Date('2026-11-24')] as const;
    expect(() =>
      availabilityIntervals(createSchedule({ timezone: 'Nowhere/Land' }), ...range),
    ).toThrow(/Nowhere\/Land/);
    const broken = createSchedule({ weekly: [{ weekday: 1, start: '9am', end: '17:00' }] });
    expect(() => availabilityIntervals(broken, ...range)).toThrow(/9am/);
  });
});
