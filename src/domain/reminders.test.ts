import fc from 'fast-check';
import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  describeReminderOffset,
  MAX_REMINDER_OFFSET_MINUTES,
  MIN_REMINDER_OFFSET_MINUTES,
  planReminders,
  reminderDueAt,
  reminderHold,
} from './reminders';
import { HOUR_MS, MINUTE_MS, wallClockToUtc } from './zoned-time';

const at = (iso: string) => new Date(iso);

describe('reminderDueAt', () => {
  it('is the offset before the start for each default offset', () => {
    const start = at('2027-03-09T14:00:00Z');
    expect(reminderDueAt(start, 1440, 'America/New_York').toISOString()).toBe(
      '2027-03-08T14:00:00.000Z',
    );
    expect(reminderDueAt(start, 120, 'America/New_York').toISOString()).toBe(
      '2027-03-09T12:00:00.000Z',
    );
    expect(reminderDueAt(start, 15, 'America/New_York').toISOString()).toBe(
      '2027-03-09T13:45:00.000Z',
    );
    expect(reminderDueAt(start, 7 * 1440, 'America/New_York').toISOString()).toBe(
      '2027-03-02T14:00:00.000Z',
    );
  });

  it('keeps the wall time for whole days across the spring change (23 hours before)', () => {
    // New York moves to EDT at 2:00 AM on March 14, 2027. A 9:00 AM EDT visit on the 15th:
    const start = at('2027-03-15T13:00:00Z');
    const due = reminderDueAt(start, 1440, 'America/New_York');
    expect(due.toISOString()).toBe('2027-03-14T13:00:00.000Z'); // 9:00 AM EDT on the 14th
    const twoDays = reminderDueAt(start, 2 * 1440, 'America/New_York');
    expect(twoDays.toISOString()).toBe('2027-03-13T14:00:00.000Z'); // 9:00 AM EST: 47 hours
    expect(start.getTime() - twoDays.getTime()).toBe(47 * HOUR_MS);
  });

  it('keeps the wall time for whole days across the autumn change (25 hours before)', () => {
    // London goes back an hour at 2:00 AM on October 31, 2027.
    const start = at('2027-11-01T09:30:00Z'); // 9:30 AM GMT
    const due = reminderDueAt(start, 1440, 'Europe/London');
    expect(due.toISOString()).toBe('2027-10-31T09:30:00.000Z'); // 9:30 AM GMT on the 31st
    const twoDays = reminderDueAt(start, 2880, 'Europe/London');
    expect(twoDays.toISOString()).toBe('2027-10-30T08:30:00.000Z'); // 9:30 AM BST
  });

  it('moves a wall time the clocks skip forward by the gap', () => {
    // A 2:30 AM visit the day after New York skips 2:00–3:00: the day before has no 2:30.
    const start = at('2027-03-15T06:30:00Z'); // 2:30 AM EDT on March 15
    expect(reminderDueAt(start, 1440, 'America/New_York').toISOString()).toBe(
      '2027-03-14T07:30:00.000Z', // 3:30 AM EDT
    );
  });

  it('counts hour offsets as exact durations across a change', () => {
    const start = at('2027-03-14T13:00:00Z'); // 9:00 AM EDT, the day the clocks move
    expect(reminderDueAt(start, 12 * 60, 'America/New_York').toISOString()).toBe(
      '2027-03-14T01:00:00.000Z',
    );
  });

  it('refuses an offset that is not a positive whole number', () => {
    expect(() => reminderDueAt(at('2027-01-01T00:00:00Z'), 0, 'UTC')).toThrow(RangeError);
    expect(() => reminderDueAt(at('2027-01-01T00:00:00Z'), 1.5, 'UTC')).toThrow(RangeError);
    expect(() => reminderDueAt(at('2027-01-01T00:00:00Z'), 1440, 'Mars/Base')).toThrow(RangeError);
  });
});

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'America/Santiago',
  'Asia/Kathmandu',
  'UTC',
];
// Starts within a day or two of this year's and next year's clock changes in those zones.
const CHANGES = [
  '2027-03-14T07:00:00Z',
  '2027-03-28T01:00:00Z',
  '2027-04-04T15:00:00Z',
  '2027-10-31T01:00:00Z',
  '2027-11-07T06:00:00Z',
  '2027-10-02T15:00:00Z',
];
const startArb = fc
  .record({
    change: fc.constantFrom(...CHANGES),
    minutes: fc.integer({ min: -3 * 1440, max: 9 * 1440 }),
  })
  .map(({ change, minutes }) => new Date(at(change).getTime() + minutes * MINUTE_MS));
const offsetArb = fc.oneof(
  fc.integer({ min: MIN_REMINDER_OFFSET_MINUTES, max: MAX_REMINDER_OFFSET_MINUTES }),
  fc.integer({ min: 1, max: 7 }).map((days) => days * 1440),
);

describe('reminder due times, properties', () => {
  it('fall before the start; whole days keep the wall time, others the exact duration', () => {
    fc.assert(
      fc.property(startArb, offsetArb, fc.constantFrom(...ZONES), (start, offset, zone) => {
        const due = reminderDueAt(start, offset, zone);
        expect(due.getTime()).toBeLessThan(start.getTime());
        if (offset % 1440 !== 0) {
          expect(start.getTime() - due.getTime()).toBe(offset * MINUTE_MS);
          return;
        }
        // Never more than the offset plus or minus the largest clock change (one hour).
        expect(Math.abs(start.getTime() - due.getTime() - offset * MINUTE_MS)).toBeLessThanOrEqual(
          HOUR_MS,
        );
        const local = new TZDate(start.getTime(), zone);
        const dueLocal = new TZDate(due.getTime(), zone);
        const sameWall =
          dueLocal.getHours() === local.getHours() && dueLocal.getMinutes() === local.getMinutes();
        // The wall time is kept unless the clocks skip it on the due day; then it is the
        // instant wallClockToUtc gives for it.
        const dueDay = `${dueLocal.getFullYear()}-${String(dueLocal.getMonth() + 1).padStart(2, '0')}-${String(dueLocal.getDate()).padStart(2, '0')}`;
        if (!sameWall) {
          expect(due.getTime() - (start.getTime() % MINUTE_MS)).toBe(
            wallClockToUtc(dueDay, local.getHours() * 60 + local.getMinutes(), zone),
          );
        }
      }),
    );
  });

  it('a plan holds only future reminders, soonest first, one per offset', () => {
    fc.assert(
      fc.property(
        startArb,
        fc.array(offsetArb, { maxLength: 3 }),
        fc.integer({ min: -8 * 1440, max: 60 }),
        fc.constantFrom(...ZONES),
        (start, offsets, nowBefore, zone) => {
          const now = new Date(start.getTime() + nowBefore * MINUTE_MS);
          const plan = planReminders(start, offsets, zone, now);
          const expected = new Set(
            offsets.filter((o) => reminderDueAt(start, o, zone).getTime() > now.getTime()),
          );
          expect(new Set(plan.map((r) => r.offsetMinutes))).toEqual(expected);
          expect(plan).toHaveLength(expected.size);
          for (let i = 1; i < plan.length; i++) {
            expect(plan[i]!.dueAt.getTime()).toBeGreaterThanOrEqual(plan[i - 1]!.dueAt.getTime());
          }
          for (const r of plan) {
            expect(r.dueAt.getTime()).toBeGreaterThan(now.getTime());
            expect(r.dueAt.getTime()).toBeLessThan(start.getTime());
          }
        },
      ),
    );
  });
});

describe('planReminders', () => {
  it('leaves out what a late booking could only receive late', () => {
    const start = at('2027-03-09T14:00:00Z');
    const now = at('2027-03-09T05:00:00Z'); // 9 hours before: the day-before reminder has passed
    expect(planReminders(start, [1440, 120], 'America/New_York', now)).toEqual([
      { offsetMinutes: 120, dueAt: at('2027-03-09T12:00:00Z') },
    ]);
    expect(
      planReminders(start, [1440, 120], 'America/New_York', at('2027-03-09T13:00:00Z')),
    ).toEqual([]);
    expect(planReminders(start, [], 'UTC', at('2027-01-01T00:00:00Z'))).toEqual([]);
  });
});

describe('reminderHold', () => {
  const start = at('2027-03-09T14:00:00Z');
  it('lets a late reminder go before the start, never after', () => {
    expect(reminderHold({ start, open: true }, at('2027-03-09T13:59:00Z'))).toBeNull();
    expect(reminderHold({ start, open: true }, start)).toBe('started');
    expect(reminderHold({ start, open: false }, at('2027-03-01T00:00:00Z'))).toBe('not-open');
  });
});

describe('describeReminderOffset', () => {
  it('reads as the settings page shows it', () => {
    expect(describeReminderOffset(1440)).toBe('1 day');
    expect(describeReminderOffset(120)).toBe('2 hours');
    expect(describeReminderOffset(90)).toBe('1 hour 30 minutes');
    expect(describeReminderOffset(15)).toBe('15 minutes');
    expect(describeReminderOffset(10080)).toBe('7 days');
  });
});
