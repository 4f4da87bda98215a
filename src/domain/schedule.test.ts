import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultSchedule,
  expandDaysOff,
  toUtcSegments,
  validateWeekly,
  type WeeklySegment,
  type Weekday,
} from './schedule';

const EVERY_DAY: Weekday[] = [0, 1, 2, 3, 4, 5, 6];

describe('defaultSchedule and expandDaysOff', () => {
  it('is Monday to Friday, 09:00–17:00, in UTC unless told otherwise', () => {
    expect(defaultSchedule()).toEqual({
      timezone: 'UTC',
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      overrides: [],
    });
    expect(defaultSchedule('Asia/Kathmandu').timezone).toBe('Asia/Kathmandu');
  });

  it.each([
    ['2026-12-24', '2026-12-26', ['2026-12-24', '2026-12-25', '2026-12-26']],
    ['2026-12-31', '2027-01-01', ['2026-12-31', '2027-01-01']],
    ['2026-12-24', '2026-12-24', ['2026-12-24']],
    ['2026-12-26', '2026-12-24', []],
  ])('days off from %s to %s', (from, to, dates) => {
    expect(expandDaysOff(from, to)).toEqual(dates.map((date) => ({ date, kind: 'off' })));
  });

  it('refuses dates that do not exist', () => {
    expect(() => expandDaysOff('2026-02-30', '2026-03-02')).toThrow(RangeError);
  });
});

describe('toUtcSegments (spec §9)', () => {
  const winter = new Date('2026-01-14T12:00:00Z');
  const summer = new Date('2026-07-15T12:00:00Z');
  const seg = (weekday: Weekday, start: string, end: string): WeeklySegment => ({
    weekday,
    start,
    end,
  });

  it.each([
    [
      'New York winter',
      [seg(1, '09:00', '17:00')],
      'America/New_York',
      winter,
      [seg(1, '14:00', '22:00')],
    ],
    [
      'New York summer',
      [seg(1, '09:00', '17:00')],
      'America/New_York',
      summer,
      [seg(1, '13:00', '21:00')],
    ],
    [
      'crosses UTC midnight',
      [seg(1, '18:00', '22:00')],
      'America/New_York',
      winter,
      [seg(1, '23:00', '23:59'), seg(2, '00:00', '03:00')],
    ],
    [
      'overnight in local time',
      [seg(1, '22:00', '06:00')],
      'America/New_York',
      winter,
      [seg(2, '03:00', '11:00')],
    ],
    [
      'end equal to start is a full day',
      [seg(3, '09:00', '09:00')],
      'UTC',
      winter,
      [seg(3, '09:00', '23:59'), seg(4, '00:00', '09:00')],
    ],
    [
      'ends exactly at UTC midnight',
      [seg(1, '20:00', '00:00')],
      'UTC',
      winter,
      [seg(1, '20:00', '23:59')],
    ],
    [
      'Saturday night wraps to Sunday',
      [seg(6, '22:00', '02:00')],
      'UTC',
      winter,
      [seg(0, '00:00', '02:00'), seg(6, '22:00', '23:59')],
    ],
    [
      'Kathmandu is +05:45',
      [seg(1, '03:00', '09:00')],
      'Asia/Kathmandu',
      winter,
      [seg(0, '21:15', '23:59'), seg(1, '00:00', '03:15')],
    ],
    [
      'Lord Howe summer is +11:00',
      [seg(2, '09:00', '17:00')],
      'Australia/Lord_Howe',
      winter,
      [seg(1, '22:00', '23:59'), seg(2, '00:00', '06:00')],
    ],
  ])('%s', (_name, weekly, zone, reference, expected) => {
    expect(toUtcSegments(weekly, zone, reference)).toEqual(expected);
  });

  it('uses the offset of the reference week, so a DST week changes the answer', () => {
    // Sunday 2026-03-08 is the New York spring-forward day; the week before is still EST.
    const weekly = [seg(0, '09:00', '17:00')];
    expect(toUtcSegments(weekly, 'America/New_York', new Date('2026-03-11T12:00:00Z'))).toEqual([
      seg(0, '13:00', '21:00'),
    ]);
    expect(toUtcSegments(weekly, 'America/New_York', new Date('2026-03-04T12:00:00Z'))).toEqual([
      seg(0, '14:00', '22:00'),
    ]);
  });

  it('rejects an unknown zone', () => {
    expect(() => toUtcSegments([], 'Nowhere/Land', winter)).toThrow(/Nowhere\/Land/);
  });
});

describe('validateWeekly', () => {
  const seg = (weekday: number, start: string, end: string) =>
    ({ weekday, start, end }) as WeeklySegment;

  it.each([
    ['an empty week', [], []],
    ['the default week', defaultSchedule().weekly, []],
    ['touching segments', [seg(1, '09:00', '12:00'), seg(1, '12:00', '17:00')], []],
    ['same hours on two days', [seg(1, '09:00', '17:00'), seg(2, '09:00', '17:00')], []],
    [
      'overlap on one day',
      [seg(1, '09:00', '12:00'), seg(1, '11:00', '17:00')],
      ['Segments overlap on Monday'],
    ],
    [
      'a duplicate',
      [seg(3, '09:00', '17:00'), seg(3, '09:00', '17:00')],
      ['Segments overlap on Wednesday'],
    ],
    [
      'overnight into the next morning',
      [seg(1, '22:00', '06:00'), seg(2, '05:00', '09:00')],
      ['Segments overlap on Tuesday'],
    ],
    [
      'Saturday night into Sunday',
      [seg(6, '22:00', '02:00'), seg(0, '01:00', '03:00')],
      ['Segments overlap on Sunday'],
    ],
    ['equal start and end', [seg(1, '09:00', '09:00')], ['End time must differ from start time']],
    [
      'a malformed time',
      [seg(1, '9:00', '17:00')],
      ['Times must be written as HH:mm, for example 09:00'],
    ],
    [
      'a bad weekday',
      [seg(7, '09:00', '17:00')],
      ['Weekday must be a number from 0 (Sunday) to 6 (Saturday)'],
    ],
    [
      'several problems, each once',
      [
        seg(5, '09:00', '12:00'),
        seg(5, '10:00', '11:00'),
        seg(1, '08:00', '10:00'),
        seg(1, '09:00', '11:00'),
        seg(2, '10:00', '10:00'),
        seg(4, '10:00', '10:00'),
      ],
      [
        'End time must differ from start time',
        'Segments overlap on Monday',
        'Segments overlap on Friday',
      ],
    ],
  ])('%s', (_name, segments, messages) => {
    expect(validateWeekly(segments)).toEqual(messages);
  });

  it('finds an overlap exactly when two segments share a minute of the week', () => {
    const segmentArb = fc.record({
      weekday: fc.constantFrom(...EVERY_DAY),
      start: fc.integer({ min: 0, max: 1439 }),
      length: fc.integer({ min: 1, max: 1439 }),
    });
    fc.assert(
      fc.property(segmentArb, segmentArb, (a, b) => {
        const toText = (m: number) =>
          `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        const asSegment = (s: typeof a) =>
          seg(s.weekday, toText(s.start), toText((s.start + s.length) % 1440));
        const minutes = (s: typeof a) =>
          new Set(
            Array.from({ length: s.length }, (_, i) => (s.weekday * 1440 + s.start + i) % 10080),
          );
        const aMinutes = minutes(a);
        const shared = [...minutes(b)].some((m) => aMinutes.has(m));
        const messages = validateWeekly([asSegment(a), asSegment(b)]);
        expect(messages.some((m) => m.startsWith('Segments overlap'))).toBe(shared);
      }),
    );
  });
});
