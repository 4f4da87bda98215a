import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatTime, formatTimeRange } from './format';
import { HOUR_MS, isRepeatedWallTime, MINUTE_MS, zoneAbbreviation } from './zoned-time';

// The nights the clocks go back (fall-back) and forward in each zone, as UTC instants of the change.
const ZONES = [
  {
    zone: 'America/New_York',
    back: Date.parse('2026-11-01T06:00:00Z'),
    forward: Date.parse('2026-03-08T07:00:00Z'),
    names: ['EDT', 'EST'],
  },
  {
    zone: 'Europe/London',
    back: Date.parse('2026-10-25T01:00:00Z'),
    forward: Date.parse('2026-03-29T01:00:00Z'),
    names: ['BST', 'GMT'],
  },
  {
    zone: 'Australia/Sydney',
    back: Date.parse('2026-04-04T16:00:00Z'),
    forward: Date.parse('2026-10-03T16:00:00Z'),
    names: ['AEDT', 'AEST'],
  },
] as const;

const zoneArb = fc.constantFrom(...ZONES);
/** Whole minutes within two days of a transition of the zone. */
const nearArb = (edge: 'back' | 'forward') =>
  fc
    .tuple(zoneArb, fc.integer({ min: -48 * 60, max: 48 * 60 }))
    .map(([z, minutes]) => ({ ...z, at: z[edge] + minutes * MINUTE_MS }));

describe('times that happen twice', () => {
  it('the repeated hour is exactly the hour before and the hour after the clocks go back', () => {
    fc.assert(
      fc.property(nearArb('back'), ({ zone, back, at }) => {
        const repeated = at >= back - HOUR_MS && at < back + HOUR_MS;
        expect(isRepeatedWallTime(at, zone)).toBe(repeated);
      }),
    );
  });

  it('no time repeats around the night the clocks go forward', () => {
    fc.assert(
      fc.property(nearArb('forward'), ({ zone, at }) => {
        expect(isRepeatedWallTime(at, zone)).toBe(false);
      }),
    );
  });

  it('labels the two occurrences with the zone names of before and after', () => {
    for (const { zone, back, names } of ZONES) {
      const first = back - 30 * MINUTE_MS;
      const second = back + 30 * MINUTE_MS;
      expect(zoneAbbreviation(first, zone)).toBe(names[0]);
      expect(zoneAbbreviation(second, zone)).toBe(names[1]);
      const plain = formatTime(first, zone).split(' ').slice(0, 2).join(' ');
      expect(formatTime(first, zone)).toBe(`${plain} ${names[0]}`);
      expect(formatTime(second, zone)).toBe(`${plain} ${names[1]}`);
    }
  });

  it('never shows two instants of a day as the same date and time, and adds the name only when needed', () => {
    fc.assert(
      fc.property(
        nearArb('back'),
        fc.integer({ min: -3 * 60, max: 3 * 60 }),
        ({ zone, at }, delta) => {
          const other = at + delta * MINUTE_MS;
          const label = (t: number) => `${formatDate(t, zone)} ${formatTime(t, zone)}`;
          if (delta !== 0) expect(label(at)).not.toBe(label(other));
          const named = formatTime(at, zone).split(' ').length > 2;
          expect(named).toBe(isRepeatedWallTime(at, zone));
        },
      ),
    );
  });

  it('reads an ordinary time as before', () => {
    expect(formatTime('2026-11-21T15:30:00Z', 'America/New_York')).toBe('10:30 AM');
    expect(formatTimeRange('2026-11-01T05:30:00Z', 60, 'America/New_York')).toBe(
      '1:30 AM EDT – 1:30 AM EST',
    );
  });
});
