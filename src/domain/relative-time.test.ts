import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRelativeTime, formatTimeUntil } from './relative-time';

const NOW = new Date('2026-11-21T15:30:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function at(offsetMs: number): Date {
  return new Date(NOW.getTime() + offsetMs);
}

describe('formatRelativeTime', () => {
  it.each([
    [0, 'in 0 minutes'],
    [30 * SECOND, 'in 0 minutes'],
    [-30 * SECOND, '0 minutes ago'],
    [MINUTE, 'in 1 minute'],
    [-MINUTE, '1 minute ago'],
    [2 * MINUTE, 'in 2 minutes'],
    [59 * MINUTE, 'in 59 minutes'],
    [-59 * MINUTE, '59 minutes ago'],
    [59 * MINUTE + 59 * SECOND, 'in 59 minutes'],
    [60 * MINUTE, 'in 1 hour'],
    [-60 * MINUTE, '1 hour ago'],
    [119 * MINUTE, 'in 1 hour'],
    [2 * HOUR, 'in 2 hours'],
    [23 * HOUR, 'in 23 hours'],
    [-23 * HOUR, '23 hours ago'],
    [24 * HOUR - SECOND, 'in 23 hours'],
    [24 * HOUR, 'in 1 day'],
    [-24 * HOUR, '1 day ago'],
    [47 * HOUR, 'in 1 day'],
    [2 * DAY, 'in 2 days'],
    [-30 * DAY, '30 days ago'],
    [400 * DAY, 'in 400 days'],
  ])('%i ms from now reads %j', (offset, expected) => {
    expect(formatRelativeTime(at(offset), NOW)).toBe(expected);
  });

  it('gives an empty string for an unreadable date rather than "NaN days"', () => {
    expect(formatRelativeTime(new Date('not a date'), NOW)).toBe('');
  });

  it('always reads "in N unit(s)" or "N unit(s) ago" with correct plurals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000 * DAY, max: 1000 * DAY }), (offset) => {
        const text = formatRelativeTime(at(offset), NOW);
        const match = /^(?:in (\d+) (minute|hour|day)(s?)|(\d+) (minute|hour|day)(s?) ago)$/.exec(
          text,
        );
        expect(match).not.toBeNull();
        const count = Number(match![1] ?? match![4]);
        const plural = match![3] ?? match![6];
        expect(plural === 's').toBe(count !== 1);
        expect(text.startsWith('in ')).toBe(offset >= 0);
      }),
    );
  });

  it('uses the largest unit the spec allows and floors toward zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000 * DAY, max: 1000 * DAY }), (offset) => {
        const distance = Math.abs(offset);
        const expected =
          distance < HOUR
            ? Math.floor(distance / MINUTE)
            : distance < DAY
              ? Math.floor(distance / HOUR)
              : Math.floor(distance / DAY);
        expect(formatRelativeTime(at(offset), NOW)).toContain(`${expected} `);
      }),
    );
  });

  it('says the same amount for the same distance in either direction', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 * DAY }), (distance) => {
        const future = formatRelativeTime(at(distance), NOW);
        const past = formatRelativeTime(at(-distance), NOW);
        expect(future.replace(/^in /, '')).toBe(past.replace(/ ago$/, ''));
      }),
    );
  });
});

describe('formatTimeUntil', () => {
  it.each([
    [30 * SECOND, 'in 1 minute'],
    [1, 'in 1 minute'],
    [MINUTE, 'in 1 minute'],
    [MINUTE + 1, 'in 2 minutes'],
    [4 * MINUTE + 30 * SECOND, 'in 5 minutes'],
    [59 * MINUTE + 30 * SECOND, 'in 1 hour'],
    [2 * HOUR + 5 * MINUTE, 'in 2 hours'],
    [0, 'now'],
    [-59 * SECOND, 'now'],
    [-MINUTE, '1 minute ago'],
  ])('%i ms ahead reads "%s"', (offset, expected) => {
    expect(formatTimeUntil(at(offset), NOW)).toBe(expected);
  });

  it('never says "0 minutes"', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2 * DAY, max: 2 * DAY }), (offset) => {
        expect(formatTimeUntil(at(offset), NOW)).not.toMatch(/\b0 minutes/);
      }),
    );
  });
});
