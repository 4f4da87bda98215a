import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  firstNameOnly,
  isVisitLinkExpired,
  sessionWindow,
  visitJoinRefusal,
} from './session-window';

const start = new Date('2026-11-24T15:00:00Z');
const settings = { opensMinutesBefore: 10, closesMinutesAfterEnd: 15 };
const at = (minutesFromStart: number) => new Date(start.getTime() + minutesFromStart * 60_000);

describe('sessionWindow', () => {
  it.each([
    [-60, 'BOOKED', 'too_early'],
    [-10.01, 'BOOKED', 'too_early'],
    [-10, 'BOOKED', 'open'],
    [0, 'CONFIRMED', 'open'],
    [44.9, 'BOOKED', 'open'],
    [45, 'BOOKED', 'ended'],
    [10, 'COMPLETED', 'open'],
    [10, 'NO_SHOW', 'ended'],
    [10, 'DISQUALIFIED', 'ended'],
    [-60, 'cancelled', 'cancelled'],
    [0, 'CANCELLED', 'cancelled'],
  ])('at %s minutes with status %s is %s', (minutes, status, state) => {
    expect(sessionWindow({ start, durationMinutes: 30, status }, at(minutes), settings).state).toBe(
      state,
    );
  });

  it('opens the set time before the start and closes after the end', () => {
    const w = sessionWindow({ start, durationMinutes: 30, status: 'BOOKED' }, start, settings);
    expect(w.opensAt.toISOString()).toBe('2026-11-24T14:50:00.000Z');
    expect(w.closesAt.toISOString()).toBe('2026-11-24T15:45:00.000Z');
  });

  it('is open exactly between opensAt and closesAt for an active appointment', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -600, max: 600 }),
        fc.integer({ min: 5, max: 240 }),
        (minutes, duration) => {
          const w = sessionWindow(
            { start, durationMinutes: duration, status: 'BOOKED' },
            at(minutes),
            settings,
          );
          const now = at(minutes);
          expect(w.state === 'open').toBe(now >= w.opensAt && now < w.closesAt);
        },
      ),
    );
  });
});

describe('firstNameOnly', () => {
  it.each([
    ['José', 'José'],
    ['  Mary Ann ', 'Mary'],
    ['', ''],
  ])('%j → %j', (input, expected) => expect(firstNameOnly(input)).toBe(expected));
});

describe('visitJoinRefusal', () => {
  const bookedWith = { id: 'u-provider', name: 'Dr. Priya Raman' };
  it('lets in the staff member the visit is booked with, and no one else', () => {
    expect(visitJoinRefusal('u-provider', bookedWith)).toBeNull();
    expect(visitJoinRefusal('u-admin', bookedWith)).toBe(
      'Only Dr. Priya Raman can join this video visit: it is booked with them.',
    );
  });
});

describe('isVisitLinkExpired', () => {
  const end = new Date('2026-11-24T15:30:00Z');
  it('keeps the link for the set days after the end, to the millisecond', () => {
    expect(isVisitLinkExpired(end, new Date('2026-12-24T15:29:59.999Z'), 30)).toBe(false);
    expect(isVisitLinkExpired(end, new Date('2026-12-24T15:30:00Z'), 30)).toBe(true);
    expect(isVisitLinkExpired(end, end, 0)).toBe(true);
  });
});
