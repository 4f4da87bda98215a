import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDaysToKey,
  DAY_KEY_CACHE_LIMIT,
  formatWallTime,
  heldDayKeys,
  isValidTimeZone,
  localDateKeyOf,
  parseDateKey,
  parseWallTime,
  wallClockToUtc,
  weekdayOfKey,
} from './zoned-time';

const DAY = 86_400_000;

const DST_ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/Sao_Paulo',
  'UTC',
];

function wallClock(ms: number, zone: string): string {
  const local = new TZDate(ms, zone);
  return `${localDateKeyOf(ms, zone)} ${formatWallTime(local.getHours() * 60 + local.getMinutes())}`;
}

describe('calendar keys', () => {
  it.each([
    ['2026-11-21', { year: 2026, month: 11, day: 21 }],
    ['2028-02-29', { year: 2028, month: 2, day: 29 }],
    ['2026-02-29', null],
    ['2026-13-01', null],
    ['2026-1-01', null],
    ['21/11/2026', null],
    ['', null],
  ])('parseDateKey(%j)', (key, parts) => {
    expect(parseDateKey(key)).toEqual(parts);
  });

  it.each([
    ['2026-11-21', 1, '2026-11-22'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-08', 0, '2026-03-08'],
  ])('%s plus %i days is %s', (key, days, expected) => {
    expect(addDaysToKey(key, days)).toBe(expected);
  });

  it.each([
    ['2026-11-22', 0],
    ['2026-11-23', 1],
    ['2026-11-21', 6],
  ])('%s is weekday %i', (key, weekday) => {
    expect(weekdayOfKey(key)).toBe(weekday);
  });

  it('refuses a key that is not a date', () => {
    expect(() => addDaysToKey('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('wall times and zones', () => {
  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['23:59', 1439],
    ['24:00', null],
    ['9:30', null],
    ['09:60', null],
    ['', null],
  ])('parseWallTime(%j) is %j', (text, minutes) => {
    expect(parseWallTime(text)).toBe(minutes);
  });

  it.each([
    ['America/New_York', true],
    ['UTC', true],
    ['Mars/Olympus_Mons', false],
    ['', false],
  ])('isValidTimeZone(%j) is %s', (zone, valid) => {
    expect(isValidTimeZone(zone)).toBe(valid);
  });

  it('round-trips every minute of the day through formatWallTime', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minutes) => {
        expect(parseWallTime(formatWallTime(minutes))).toBe(minutes);
      }),
    );
  });
});

describe('localDateKeyOf', () => {
  // TZDate reads the tz database through its own path (offsets, not formatted dates).
  const tzDateKey = (ms: number, zone: string) => {
    const local = new TZDate(ms, zone);
    return `${String(local.getFullYear()).padStart(4, '0')}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
  };

  it('gives the date the zone’s clocks show, the first time and when asked again', () => {
    fc.assert(
      fc.property(
        // 1900 to 2200 (before, Intl's calendar is Julian and TZDate's Gregorian), and the
        // minutes either side of midnight that DST days move.
        fc.oneof(
          fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) }),
          fc
            .integer({ min: 0, max: 400 })
            .chain((day) =>
              fc
                .integer({ min: -120, max: 120 })
                .map((minute) => Date.UTC(2026, 0, 1) + day * DAY + minute * 60_000),
            ),
        ),
        fc.constantFrom(...DST_ZONES, 'Pacific/Chatham', 'America/Santiago', 'Asia/Tehran'),
        (ms, zone) => {
          const expected = tzDateKey(ms, zone);
          expect(localDateKeyOf(ms, zone)).toBe(expected);
          expect(localDateKeyOf(new Date(ms), zone)).toBe(expected);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('remembers a bounded number of answers, whatever the zones asked for', () => {
    const zones = ['America/New_York', 'Europe/London', 'Asia/Kathmandu'];
    for (let i = 0; i < DAY_KEY_CACHE_LIMIT; i++) {
      for (const zone of zones) localDateKeyOf(Date.UTC(2030, 0, 1) + i * 60_000, zone);
      expect(heldDayKeys()).toBeLessThanOrEqual(DAY_KEY_CACHE_LIMIT);
    }
    expect(heldDayKeys()).toBeGreaterThan(0);
    expect(localDateKeyOf(Date.UTC(2030, 0, 1, 3), 'America/New_York')).toBe('2029-12-31');
  });

  it('reads years outside 1000–9999 too', () => {
    expect(localDateKeyOf(Date.UTC(999, 11, 31, 12), 'UTC')).toBe('0999-12-31');
    expect(localDateKeyOf(Date.UTC(10_000, 0, 1, 12), 'UTC')).toBe('10000-01-01');
  });

  it('refuses an unknown zone and an invalid date', () => {
    expect(() => localDateKeyOf(0, 'Nowhere/Land')).toThrow(RangeError);
    expect(() => localDateKeyOf(Number.NaN, 'UTC')).toThrow(RangeError);
  });
});

describe('wallClockToUtc', () => {
  it.each([
    // Ordinary times.
    ['America/New_York', '2026-03-08', '01:30', '2026-03-08T06:30:00.000Z'],
    ['America/New_York', '2026-03-08', '09:00', '2026-03-08T13:00:00.000Z'],
    ['Asia/Kathmandu', '2026-03-08', '09:00', '2026-03-08T03:15:00.000Z'],
    // Spring-forward gaps move forward by the gap.
    ['America/New_York', '2026-03-08', '02:00', '2026-03-08T07:00:00.000Z'],
    ['America/New_York', '2026-03-08', '02:30', '2026-03-08T07:30:00.000Z'],
    ['Europe/London', '2026-03-29', '01:30', '2026-03-29T01:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-04', '02:15', '2026-10-03T15:45:00.000Z'],
    // Fall-back repeats resolve to the earlier occurrence.
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
    ['Europe/London', '2026-10-25', '01:00', '2026-10-25T00:00:00.000Z'],
    ['Europe/London', '2026-10-25', '01:30', '2026-10-25T00:30:00.000Z'],
    ['Europe/London', '2026-10-25', '02:00', '2026-10-25T02:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05', '01:30', '2026-04-04T14:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05', '01:45', '2026-04-04T14:45:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05', '02:00', '2026-04-04T15:30:00.000Z'],
  ])('%s %s %s is %s', (zone, key, time, iso) => {
    expect(new Date(wallClockToUtc(key, parseWallTime(time)!, zone)).toISOString()).toBe(iso);
  });

  it('rejects an unknown zone with its name', () => {
    expect(() => wallClockToUtc('2026-03-08', 540, 'Nowhere/Land')).toThrow(/Nowhere\/Land/);
  });

  it('finds the earliest instant that shows a wall time, or the first after a gap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1) / 60_000, max: Date.UTC(2027, 0, 1) / 60_000 }),
        fc.constantFrom(...DST_ZONES),
        (minute, zone) => {
          const ms = minute * 60_000;
          const local = new TZDate(ms, zone);
          const key = localDateKeyOf(ms, zone);
          const resolved = wallClockToUtc(key, local.getHours() * 60 + local.getMinutes(), zone);
          // The instant itself shows that wall clock, so the answer is it or an earlier twin.
          expect(resolved).toBeLessThanOrEqual(ms);
          expect(wallClock(resolved, zone)).toBe(wallClock(ms, zone));
          expect(ms - resolved).toBeLessThanOrEqual(60 * 60_000);
        },
      ),
    );
  });

  it('stays on the requested local date', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 364 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.constantFrom(...DST_ZONES),
        (dayOfYear, minutes, zone) => {
          const key = addDaysToKey('2026-01-01', dayOfYear);
          expect(localDateKeyOf(wallClockToUtc(key, minutes, zone), zone)).toBe(key);
        },
      ),
    );
  });
});
