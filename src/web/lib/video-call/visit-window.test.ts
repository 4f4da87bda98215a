import { describe, expect, it } from 'vitest';
import {
  clockOffsetMs,
  currentVisitState,
  describeVisit,
  formatVisitHeading,
  timeZoneName,
} from './visit-window';
import { createVisitTiming } from '@web/test/visit-views';

// 3:00 PM in New York on Tuesday, November 24, 2026; the window opens at 2:50 PM.
const visit = createVisitTiming;
const at = (iso: string) => new Date(iso);
const NY = 'America/New_York';

describe('clockOffsetMs', () => {
  it('takes the midpoint of the round trip as the moment the server read its clock', () => {
    // Sent at local 1000, answered at local 1200; the server said 10_100.
    expect(clockOffsetMs(new Date(10_100).toISOString(), 1000, 1200)).toBe(9000);
  });
  it('is zero when the server time is unreadable', () => {
    expect(clockOffsetMs('nonsense', 1000, 1200)).toBe(0);
  });
});

describe('currentVisitState', () => {
  it('keeps the server state until the clock passes a boundary', () => {
    expect(currentVisitState(visit(), at('2026-11-24T19:49:59Z'))).toBe('too_early');
    expect(currentVisitState(visit(), at('2026-11-24T19:50:00Z'))).toBe('open');
    expect(currentVisitState(visit({ state: 'open' }), at('2026-11-24T20:44:59Z'))).toBe('open');
    expect(currentVisitState(visit({ state: 'open' }), at('2026-11-24T20:45:00Z'))).toBe('ended');
    expect(currentVisitState(visit(), at('2026-11-24T21:00:00Z'))).toBe('ended');
  });
  it('never reopens a cancelled or ended visit', () => {
    expect(currentVisitState(visit({ state: 'cancelled' }), at('2026-11-24T20:00:00Z'))).toBe(
      'cancelled',
    );
    expect(currentVisitState(visit({ state: 'ended' }), at('2026-11-24T20:00:00Z'))).toBe('ended');
  });
});

describe('describeVisit', () => {
  it('says when joining opens, in the viewer zone, with the spec §9 countdown', () => {
    const d = describeVisit(visit(), at('2026-11-24T19:45:00Z'), NY);
    expect(d).toMatchObject({
      state: 'too_early',
      date: 'Tuesday, November 24, 2026',
      time: '3:00 PM – 3:30 PM',
      duration: '30 minutes',
      status: 'Booked',
      countdown: 'Starts in 15 minutes',
      joinFrom: 'You can join from 2:50 PM (in 5 minutes)',
      opensIn: 'in 5 minutes',
      closesAt: '3:45 PM',
    });
  });

  it('names the day when the window opens on another one, and counts in hours and days', () => {
    const d = describeVisit(visit(), at('2026-11-22T19:45:00Z'), NY);
    expect(d.joinFrom).toBe('You can join from 2:50 PM on Tuesday, November 24, 2026 (in 2 days)');
    expect(d.countdown).toBe('Starts in 2 days');
    expect(describeVisit(visit(), at('2026-11-24T17:00:00Z'), NY).countdown).toBe(
      'Starts in 3 hours',
    );
  });

  it('never says "in 0 minutes" in the last minute before the window or the start', () => {
    const d = describeVisit(visit(), at('2026-11-24T19:49:30Z'), NY);
    expect(d.joinFrom).toBe('You can join from 2:50 PM (in 1 minute)');
    expect(d.opensIn).toBe('in 1 minute');
    const open = visit({ state: 'open' });
    expect(describeVisit(open, at('2026-11-24T19:59:30Z'), NY).countdown).toBe(
      'Starts in 1 minute',
    );
    expect(describeVisit(open, at('2026-11-24T20:00:00Z'), NY).countdown).toBe('Starts now');
    expect(describeVisit(open, at('2026-11-24T20:00:59Z'), NY).countdown).toBe('Starts now');
    expect(describeVisit(open, at('2026-11-24T20:01:00Z'), NY).countdown).toBe(
      'Started 1 minute ago',
    );
  });

  it('shows the same instant in another zone', () => {
    const d = describeVisit(visit(), at('2026-11-24T19:45:00Z'), 'Europe/London');
    expect(d.time).toBe('8:00 PM – 8:30 PM');
    expect(d.joinFrom).toBe('You can join from 7:50 PM (in 5 minutes)');
  });

  it('counts past the start while open, and stops counting once over or cancelled', () => {
    const open = describeVisit(visit({ state: 'open' }), at('2026-11-24T20:03:00Z'), NY);
    expect(open.countdown).toBe('Started 3 minutes ago');
    expect(open.joinFrom).toBeNull();
    expect(describeVisit(visit({ state: 'ended' }), at('2026-11-24T21:00:00Z'), NY).countdown).toBe(
      null,
    );
    expect(
      describeVisit(
        visit({ state: 'cancelled', status: 'CANCELLED' }),
        at('2026-11-24T19:00Z'),
        NY,
      ),
    ).toMatchObject({ countdown: null, joinFrom: null, status: 'Cancelled' });
  });
});

describe('formatVisitHeading and timeZoneName', () => {
  it('reads as one line', () => {
    expect(formatVisitHeading(visit(), NY)).toBe('Tuesday, November 24, 2026 · 3:00 PM – 3:30 PM');
  });
  it('names the zone, falling back to its id', () => {
    expect(timeZoneName(NY, at('2026-11-24T20:00:00Z'))).toBe('Eastern Standard Time');
    expect(timeZoneName('Not/AZone', at('2026-11-24T20:00:00Z'))).toBe('Not/AZone');
  });
});
