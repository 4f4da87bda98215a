import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RecurrenceError,
  seriesOccurrences,
  shiftWallClock,
  wallClockOf,
  wallClockShift,
} from './recurrence';
import {
  describeRepeat,
  MAX_SERIES_OCCURRENCES,
  repeatRule,
  weekdayOfMonth,
  type RepeatChoice,
} from './repeat-rule';
import { addDaysToKey, wallClockToUtc, weekdayOfKey } from './zoned-time';

// Lord Howe moves its clocks by 30 minutes; the others by an hour, in both hemispheres.
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Australia/Lord_Howe'];

const at = (iso: string) => new Date(iso);
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

describe('seriesOccurrences: examples across clock changes', () => {
  it('keeps 9:00 AM in New York when the clocks go forward (14:00Z, then 13:00Z)', () => {
    const occurrences = seriesOccurrences({
      rrule: 'FREQ=WEEKLY;COUNT=3',
      dtstart: at('2026-03-02T14:00:00Z'), // Monday 9:00 AM EST
      timeZone: 'America/New_York',
    });
    expect(occurrences.map((o) => o.start.toISOString())).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z', // 9:00 AM EDT
      '2026-03-16T13:00:00.000Z',
    ]);
    expect(occurrences.map((o) => o.localTime)).toEqual(['09:00', '09:00', '09:00']);
  });

  it('keeps 10:00 in Lord Howe across its half-hour change', () => {
    const occurrences = seriesOccurrences({
      rrule: 'RRULE:FREQ=WEEKLY;COUNT=2',
      dtstart: at('2026-03-31T23:00:00Z'), // Wednesday April 1, 10:00 (+11:00)
      timeZone: 'Australia/Lord_Howe',
    });
    // April 5 the clocks go back 30 minutes: +10:30.
    expect(occurrences.map((o) => o.start.toISOString())).toEqual([
      '2026-03-31T23:00:00.000Z',
      '2026-04-07T23:30:00.000Z',
    ]);
  });

  it('repeats on the second Tuesday of each month', () => {
    const occurrences = seriesOccurrences({
      rrule: repeatRule('monthly_weekday', '2026-11-10', { count: 4 })!,
      dtstart: at('2026-11-10T14:00:00Z'),
      timeZone: 'America/New_York',
    });
    expect(occurrences.map((o) => o.localDate)).toEqual([
      '2026-11-10',
      '2026-12-08',
      '2027-01-12',
      '2027-02-09',
    ]);
  });

  it('moves a visit at a wall time the clocks skip forward by the gap (ADR 003)', () => {
    const occurrences = seriesOccurrences({
      rrule: 'FREQ=WEEKLY;COUNT=2',
      dtstart: at('2026-03-01T07:30:00Z'), // Sunday 2:30 AM EST
      timeZone: 'America/New_York',
    });
    // March 8 has no 2:30 AM: 3:30 AM EDT, an hour later than the wall time would say.
    expect(occurrences[1]!.start.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(wallClockOf(occurrences[1]!.start, 'America/New_York').minutes).toBe(3 * 60 + 30);
  });

  it('ends on an UNTIL date inclusively, and reads a UTC UNTIL in the zone', () => {
    const dtstart = at('2026-11-03T14:00:00Z'); // Tuesday 9:00 AM EST
    const byDate = seriesOccurrences({
      rrule: 'FREQ=WEEKLY;UNTIL=20261124',
      dtstart,
      timeZone: 'America/New_York',
    });
    expect(byDate.map((o) => o.localDate)).toEqual([
      '2026-11-03',
      '2026-11-10',
      '2026-11-17',
      '2026-11-24',
    ]);
    // 14:00Z on the 24th is 9:00 AM there: included. 13:59Z is not.
    const utc = (until: string) =>
      seriesOccurrences({
        rrule: `FREQ=WEEKLY;UNTIL=${until}`,
        dtstart,
        timeZone: 'America/New_York',
      }).length;
    expect(utc('20261124T140000Z')).toBe(4);
    expect(utc('20261124T135900Z')).toBe(3);
  });

  it('refuses rules a series cannot be built from, with a reason', () => {
    const dtstart = at('2026-11-03T14:00:00Z');
    const refuse = (rrule: string) => () =>
      seriesOccurrences({ rrule, dtstart, timeZone: 'America/New_York' });
    expect(refuse('FREQ=WEEKLY')).toThrow(/must end/);
    expect(refuse('FREQ=WEEKLY;COUNT=53')).toThrow(RecurrenceError);
    expect(refuse('FREQ=DAILY;UNTIL=20271231')).toThrow(/more than 52/);
    expect(refuse('FREQ=HOURLY;COUNT=3')).toThrow(/FREQ cannot be/);
    expect(refuse('FREQ=WEEKLY;COUNT=3;BYHOUR=9')).toThrow(/may use only/);
    expect(refuse('FREQ=WEEKLY;COUNT=3;UNTIL=20261231')).toThrow(/not both/);
    expect(refuse('FREQ=WEEKLY;COUNT=3;BYDAY=MO')).toThrow(/first visit/); // a Tuesday start
    expect(refuse('FREQ=WEEKLY;UNTIL=20260231')).toThrow(/not a date/);
    expect(refuse('')).toThrow(/empty/);
  });

  it('takes several days a week (dialysis: Monday, Wednesday, Friday)', () => {
    const occurrences = seriesOccurrences({
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=6',
      dtstart: at('2026-11-02T12:00:00Z'),
      timeZone: 'Europe/London',
    });
    expect(occurrences.map((o) => o.localDate)).toEqual([
      '2026-11-02',
      '2026-11-04',
      '2026-11-06',
      '2026-11-09',
      '2026-11-11',
      '2026-11-13',
    ]);
  });
});

const CHOICES: Exclude<RepeatChoice, 'none'>[] = [
  'weekly',
  'every_2_weeks',
  'every_4_weeks',
  'monthly_weekday',
];
const WEEKS: Record<string, number> = { weekly: 1, every_2_weeks: 2, every_4_weeks: 4 };

/** A start within two years that span every zone's changes, at a quarter hour of the day. */
const seriesArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  day: fc.integer({ min: 0, max: 730 }),
  minutes: fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
  choice: fc.constantFrom(...CHOICES),
  count: fc.integer({ min: 1, max: MAX_SERIES_OCCURRENCES }),
});

type SeriesInput = {
  zone: string;
  day: number;
  minutes: number;
  choice: Exclude<RepeatChoice, 'none'>;
  count: number;
};

function build({ zone, day, minutes, choice, count }: SeriesInput) {
  const firstDate = addDaysToKey('2026-01-01', day);
  const dtstart = new Date(wallClockToUtc(firstDate, minutes, zone));
  // The start's own wall time (a skipped time has already moved forward by the gap).
  const wall = wallClockOf(dtstart, zone);
  const rrule = repeatRule(choice, wall.date, { count })!;
  return {
    dtstart,
    wall,
    rrule,
    occurrences: seriesOccurrences({ rrule, dtstart, timeZone: zone }),
  };
}

describe('seriesOccurrences: properties in New York, London, Sydney and Lord Howe', () => {
  it('makes exactly COUNT occurrences, in order, none doubled', () => {
    fc.assert(
      fc.property(seriesArb, (input) => {
        const { occurrences } = build(input);
        expect(occurrences).toHaveLength(input.count);
        const instants = occurrences.map((o) => o.start.getTime());
        for (let i = 1; i < instants.length; i++)
          expect(instants[i]).toBeGreaterThan(instants[i - 1]!);
        expect(new Set(occurrences.map((o) => o.localDate)).size).toBe(input.count);
        expect(occurrences.map((o) => o.index)).toEqual(occurrences.map((_, i) => i + 1));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the wall-clock time, moving forward only through a gap the clocks skip', () => {
    fc.assert(
      fc.property(seriesArb, (input) => {
        const { wall, occurrences } = build(input);
        for (const o of occurrences) {
          expect(o.localTime).toBe(
            `${String(Math.floor(wall.minutes / 60)).padStart(2, '0')}:${String(wall.minutes % 60).padStart(2, '0')}`,
          );
          expect(o.start.getTime()).toBe(wallClockToUtc(o.localDate, wall.minutes, input.zone));
          const shown = wallClockOf(o.start, input.zone);
          expect(shown.date).toBe(o.localDate);
          if (shown.minutes !== wall.minutes) {
            // Only inside a spring-forward gap: at most an hour later, same day.
            expect(shown.minutes).toBeGreaterThan(wall.minutes);
            expect(shown.minutes - wall.minutes).toBeLessThanOrEqual(60);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lands on the right days: whole weeks apart, or the same weekday of each month', () => {
    fc.assert(
      fc.property(seriesArb, (input) => {
        const { wall, occurrences } = build(input);
        const weeks = WEEKS[input.choice];
        const first = weekdayOfMonth(wall.date);
        occurrences.forEach((o, i) => {
          expect(weekdayOfKey(o.localDate)).toBe(weekdayOfKey(wall.date));
          if (weeks) {
            expect(daysBetween(wall.date, o.localDate)).toBe(i * 7 * weeks);
          } else {
            if (first.nth === -1) {
              // The last such weekday of the month: a week later is another month.
              expect(addDaysToKey(o.localDate, 7).slice(5, 7)).not.toBe(o.localDate.slice(5, 7));
            } else {
              expect(weekdayOfMonth(o.localDate).nth).toBe(first.nth);
            }
            const months =
              (Number(o.localDate.slice(0, 4)) - Number(wall.date.slice(0, 4))) * 12 +
              Number(o.localDate.slice(5, 7)) -
              Number(wall.date.slice(5, 7));
            expect(months).toBe(i);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('ending on a date keeps every weekly occurrence up to and including it, and no more', () => {
    fc.assert(
      fc.property(seriesArb, fc.integer({ min: 0, max: 200 }), ({ zone, day, minutes }, length) => {
        const firstDate = addDaysToKey('2026-01-01', day);
        const dtstart = new Date(wallClockToUtc(firstDate, minutes, zone));
        const wall = wallClockOf(dtstart, zone);
        const until = addDaysToKey(wall.date, length);
        const occurrences = seriesOccurrences({
          rrule: repeatRule('weekly', wall.date, { until })!,
          dtstart,
          timeZone: zone,
        });
        expect(occurrences).toHaveLength(Math.floor(length / 7) + 1);
        expect(occurrences.at(-1)!.localDate <= until).toBe(true);
        expect(addDaysToKey(occurrences.at(-1)!.localDate, 7) > until).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('moving the following visits by a wall-clock shift', () => {
  it('keeps weekday and time of day across a clock change', () => {
    const zone = 'Europe/London';
    // Tuesday October 20, 9:00 BST moved to Thursday 10:30: the move is +2 days, +90 minutes.
    const shift = wallClockShift(at('2026-10-20T08:00:00Z'), at('2026-10-22T09:30:00Z'), zone);
    expect(shift).toEqual({ days: 2, minutes: 90 });
    // The next Tuesday is after the change (GMT): Thursday October 29, 10:30 GMT.
    expect(shiftWallClock(at('2026-10-27T09:00:00Z'), zone, shift).toISOString()).toBe(
      '2026-10-29T10:30:00.000Z',
    );
  });

  it('round-trips: shifting by the shift between two wall times reaches the second', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 730 }),
        fc.integer({ min: 0, max: 95 }),
        fc.integer({ min: -14, max: 14 }),
        fc.integer({ min: 0, max: 95 }),
        (zone, day, q1, dayShift, q2) => {
          const fromDate = addDaysToKey('2026-01-01', day);
          const from = new Date(wallClockToUtc(fromDate, q1 * 15, zone));
          const to = new Date(wallClockToUtc(addDaysToKey(fromDate, dayShift), q2 * 15, zone));
          const shift = wallClockShift(from, to, zone);
          expect(shiftWallClock(from, zone, shift).getTime()).toBe(to.getTime());
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('repeat choices', () => {
  it('names and builds each choice', () => {
    expect(describeRepeat('monthly_weekday', '2026-11-10')).toBe('Monthly on the second Tuesday');
    expect(describeRepeat('monthly_weekday', '2026-12-29')).toBe('Monthly on the last Tuesday');
    expect(repeatRule('monthly_weekday', '2026-12-29', { count: 3 })).toBe(
      'FREQ=MONTHLY;BYDAY=-1TU;COUNT=3',
    );
    expect(repeatRule('every_2_weeks', '2026-12-29', { until: '2027-03-01' })).toBe(
      'FREQ=WEEKLY;INTERVAL=2;UNTIL=20270301',
    );
    expect(repeatRule('none', '2026-12-29', { count: 3 })).toBeNull();
  });
});
