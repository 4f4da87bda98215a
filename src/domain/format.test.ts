import fc from 'fast-check';
import { format as dateFnsFormat } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { tz } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  formatDateTimeWithZone,
  formatDate,
  formatDateNumeric,
  formatDateWithWeekday,
  formatDuration,
  formatTime,
  formatTimeRange,
  formatWallClock,
  groupByLocalDate,
  localDateKey,
  WEEK_STARTS_ON,
} from './format';
import { isRepeatedWallTime } from './zoned-time';

const ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Kiritimati',
];

describe('date and time formatting (US English, viewer zone)', () => {
  it.each([
    // instant, zone, date, numeric, with weekday, time
    [
      '2026-11-21T15:30:00Z',
      'UTC',
      'Nov 21, 2026',
      '11/21/2026',
      'Saturday, November 21, 2026',
      '3:30 PM',
    ],
    [
      '2026-11-21T15:30:00Z',
      'America/New_York',
      'Nov 21, 2026',
      '11/21/2026',
      'Saturday, November 21, 2026',
      '10:30 AM',
    ],
    [
      '2026-11-21T03:30:00Z',
      'America/Los_Angeles',
      'Nov 20, 2026',
      '11/20/2026',
      'Friday, November 20, 2026',
      '7:30 PM',
    ],
    [
      '2026-11-21T20:00:00Z',
      'Asia/Kathmandu',
      'Nov 22, 2026',
      '11/22/2026',
      'Sunday, November 22, 2026',
      '1:45 AM',
    ],
    [
      '2026-07-04T00:05:00Z',
      'Europe/London',
      'Jul 4, 2026',
      '07/04/2026',
      'Saturday, July 4, 2026',
      '1:05 AM',
    ],
    [
      '2026-01-01T00:00:00Z',
      'UTC',
      'Jan 1, 2026',
      '01/01/2026',
      'Thursday, January 1, 2026',
      '12:00 AM',
    ],
    [
      '2026-01-01T12:00:00Z',
      'UTC',
      'Jan 1, 2026',
      '01/01/2026',
      'Thursday, January 1, 2026',
      '12:00 PM',
    ],
  ])('%s in %s', (iso, zone, date, numeric, weekday, time) => {
    expect(formatDate(iso, zone)).toBe(date);
    expect(formatDateNumeric(iso, zone)).toBe(numeric);
    expect(formatDateWithWeekday(iso, zone)).toBe(weekday);
    expect(formatTime(iso, zone)).toBe(time);
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const instant = new Date('2026-11-21T15:30:00Z');
    expect(formatDate(instant, 'UTC')).toBe('Nov 21, 2026');
    expect(formatTime(instant.getTime(), 'UTC')).toBe('3:30 PM');
  });

  it('names the problem for an unreadable date', () => {
    expect(() => formatDate('soon', 'UTC')).toThrow(/Invalid date: soon/);
  });

  it('weeks start on Sunday', () => {
    expect(WEEK_STARTS_ON).toBe(0);
  });
});

describe('formatTimeRange and formatDuration', () => {
  it.each([
    ['2026-11-21T15:30:00Z', 30, 'UTC', '3:30 PM – 4:00 PM'],
    ['2026-11-21T15:30:00Z', undefined, 'UTC', '3:30 PM – 4:00 PM'],
    ['2026-11-21T15:30:00Z', null, 'UTC', '3:30 PM – 4:00 PM'],
    ['2026-11-21T15:30:00Z', 45, 'America/New_York', '10:30 AM – 11:15 AM'],
    ['2026-11-21T23:45:00Z', 30, 'UTC', '11:45 PM – 12:15 AM'],
    ['2026-11-21T11:30:00Z', 60, 'UTC', '11:30 AM – 12:30 PM'],
    // 01:30 EDT plus one hour is 01:30 EST: the range shows the clock time it really ends.
    ['2026-11-01T05:30:00Z', 60, 'America/New_York', '1:30 AM EDT – 1:30 AM EST'],
    ['2026-03-08T06:30:00Z', 60, 'America/New_York', '1:30 AM – 3:30 AM'],
  ])('%s for %j min in %s is %j', (start, minutes, zone, text) => {
    expect(formatTimeRange(start, minutes, zone)).toBe(text);
  });

  it.each([
    [45, '45 min'],
    [undefined, '30 min'],
    [null, '30 min'],
  ])('duration %j reads %j', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe('formatWallClock', () => {
  it('writes a time of no particular day as formatTime does, with AM and PM', () => {
    expect([0, 9 * 60 + 5, 12 * 60, 17 * 60, 23 * 60 + 59].map(formatWallClock)).toEqual([
      '12:00 AM',
      '9:05 AM',
      '12:00 PM',
      '5:00 PM',
      '11:59 PM',
    ]);
    expect(formatWallClock(17 * 60)).toBe(formatTime('2026-11-23T22:00:00Z', 'America/New_York'));
  });
});

describe('localDateKey', () => {
  it.each([
    ['2026-11-21T15:30:00Z', 'UTC', '2026-11-21'],
    ['2026-11-21T03:30:00Z', 'America/New_York', '2026-11-20'],
    ['2026-11-21T18:14:59Z', 'Asia/Kathmandu', '2026-11-21'],
    ['2026-11-21T18:15:00Z', 'Asia/Kathmandu', '2026-11-22'],
    ['2026-11-21T10:00:00Z', 'Pacific/Kiritimati', '2026-11-22'],
  ])('%s in %s falls on %s', (iso, zone, key) => {
    expect(localDateKey(iso, zone)).toBe(key);
  });

  it('agrees with the formatted date everywhere', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          const [month, day, year] = formatDateNumeric(ms, zone).split('/');
          expect(localDateKey(ms, zone)).toBe(`${year}-${month}-${day}`);
        },
      ),
    );
  });
});

describe('groupByLocalDate (spec §2 date-range view)', () => {
  const appointment = (id: string, date: string) => ({ id, date });

  it('groups by the viewer’s local day, days in order, times in order within a day', () => {
    const items = [
      appointment('late-21', '2026-11-22T03:00:00Z'),
      appointment('early-22', '2026-11-22T14:00:00Z'),
      appointment('morning-21', '2026-11-21T14:00:00Z'),
      appointment('noon-21', '2026-11-21T17:00:00Z'),
    ];
    expect(groupByLocalDate(items, (a) => a.date, 'America/New_York')).toEqual([
      { date: '2026-11-21', items: [items[2], items[3], items[0]] },
      { date: '2026-11-22', items: [items[1]] },
    ]);
    expect(groupByLocalDate(items, (a) => a.date, 'UTC').map((g) => g.date)).toEqual([
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(groupByLocalDate([], (a: { date: string }) => a.date, 'UTC')).toEqual([]);
  });

  it('keeps every item exactly once, on its own local day, in time order', () => {
    const itemsArb = fc.array(
      fc.record({
        id: fc.uuid(),
        at: fc.integer({ min: Date.UTC(2026, 2, 1), max: Date.UTC(2026, 3, 30) }),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(itemsArb, fc.constantFrom(...ZONES), (items, zone) => {
        const groups = groupByLocalDate(items, (item) => item.at, zone);
        const flattened = groups.flatMap((group) => group.items);
        expect(flattened).toHaveLength(items.length);
        expect(new Set(flattened)).toEqual(new Set(items));
        expect(flattened.map((item) => item.at)).toEqual(
          [...items].map((item) => item.at).sort((a, b) => a - b),
        );
        const keys = groups.map((group) => group.date);
        expect([...keys].sort()).toEqual(keys);
        expect(new Set(keys).size).toBe(keys.length);
        for (const group of groups) {
          for (const item of group.items) expect(localDateKey(item.at, zone)).toBe(group.date);
        }
      }),
    );
  });
});

describe('formatDateTimeWithZone', () => {
  it('writes the date, the time and the zone out', () => {
    const at = '2027-03-09T14:00:00Z';
    expect(formatDateTimeWithZone(at, 'America/New_York')).toBe(
      'Tuesday, March 9, 2027 at 9:00 AM Eastern Time',
    );
    expect(formatDateTimeWithZone(at, 'Europe/Berlin')).toBe(
      'Tuesday, March 9, 2027 at 3:00 PM Central European Time',
    );
    expect(formatDateTimeWithZone(at, 'UTC')).toBe(
      'Tuesday, March 9, 2027 at 2:00 PM Coordinated Universal Time',
    );
    expect(formatDateTimeWithZone(at, 'Etc/GMT+5')).toBe(
      'Tuesday, March 9, 2027 at 9:00 AM Etc/GMT+5',
    );
  });
});

describe('the Intl-built formats agree with date-fns’ format()', () => {
  it('for any instant from 1900 to 2199 in zones with and without clock changes', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'Europe/Berlin',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 2), max: Date.UTC(2199, 11, 30) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const at = new Date(ms);
          const reference = (pattern: string) =>
            dateFnsFormat(at, pattern, { in: tz(zone), locale: enUS });
          expect(formatDate(at, zone)).toBe(reference('MMM d, yyyy'));
          expect(formatDateNumeric(at, zone)).toBe(reference('MM/dd/yyyy'));
          expect(formatDateWithWeekday(at, zone)).toBe(reference('EEEE, MMMM d, yyyy'));
          if (!isRepeatedWallTime(at, zone)) expect(formatTime(at, zone)).toBe(reference('h:mm a'));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
