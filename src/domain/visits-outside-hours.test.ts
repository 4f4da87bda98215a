import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Schedule, ScheduleOverride } from './schedule';
import { isSlotBookable } from './slots';
import { createAgent, createQuery, createSchedule, EVERY_DAY, MONDAY } from './test-factories';
import { visitsOutsideHours } from './visits-outside-hours';
import { addDaysToKey, formatWallTime, HOUR_MS, MINUTE_MS } from './zoned-time';

const visit = (iso: string, minutes = 30) => ({
  start: new Date(iso),
  end: new Date(Date.parse(iso) + minutes * MINUTE_MS),
});

describe('visitsOutsideHours', () => {
  const week = createSchedule('Europe/London', '09:00', '17:00');

  it('keeps visits inside the hours and lists those a day off or shorter hours leave out', () => {
    const inside = visit(`${MONDAY}T10:00:00Z`);
    const lastHalfHour = visit(`${MONDAY}T16:30:00Z`);
    const overEnd = visit(`${MONDAY}T16:45:00Z`);
    const nextDay = visit(`${addDaysToKey(MONDAY, 1)}T11:00:00Z`);
    const all = [inside, lastHalfHour, overEnd, nextDay];
    expect(visitsOutsideHours(week, all)).toEqual([overEnd]);

    const dayOff: Schedule = { ...week, overrides: [{ date: MONDAY, kind: 'off' }] };
    expect(visitsOutsideHours(dayOff, all)).toEqual([inside, lastHalfHour, overEnd]);

    const mornings: Schedule = {
      ...week,
      weekly: EVERY_DAY.map((weekday) => ({ weekday, start: '08:00', end: '12:00' })),
    };
    expect(visitsOutsideHours(mornings, all)).toEqual([lastHalfHour, overEnd]);
  });

  it('counts touching segments as one stretch and reads the hours in the schedule’s zone', () => {
    const split: Schedule = {
      timezone: 'America/New_York',
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '12:00', end: '17:00' },
      ],
      overrides: [],
    };
    // 11:45–12:15 in New York (UTC−5 in November) spans both segments.
    const acrossNoon = visit(`${MONDAY}T16:45:00Z`);
    // 10:00 UTC is 05:00 in New York: before the day begins there.
    const early = visit(`${MONDAY}T10:00:00Z`);
    expect(visitsOutsideHours(split, [acrossNoon, early])).toEqual([early]);
  });

  it('lists an empty visit rather than keeping it silently', () => {
    const empty = { start: new Date(`${MONDAY}T10:00:00Z`), end: new Date(`${MONDAY}T10:00:00Z`) };
    expect(visitsOutsideHours(week, [empty])).toEqual([empty]);
    expect(visitsOutsideHours(week, [])).toEqual([]);
  });

  // Random schedules around DST changes: the answer is the booking check's, visit by visit.
  const ZONES = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC'];
  const ANCHORS = ['2026-03-08', '2026-03-29', '2026-10-04', '2026-11-01', MONDAY];
  const wallTime = fc.integer({ min: 0, max: 95 }).map((q) => formatWallTime(q * 15));
  const segment = fc
    .record({ weekday: fc.constantFrom(...EVERY_DAY), start: wallTime, end: wallTime })
    .filter((s) => s.start !== s.end);
  const scenario = fc.record({
    zone: fc.constantFrom(...ZONES),
    anchor: fc.constantFrom(...ANCHORS),
    weekly: fc.array(segment, { maxLength: 10 }),
    offDays: fc.array(fc.integer({ min: -1, max: 4 }), { maxLength: 3 }),
    extra: fc.array(
      fc.record({ day: fc.integer({ min: -1, max: 4 }), start: wallTime, end: wallTime }),
      { maxLength: 2 },
    ),
    visits: fc.array(
      fc.record({
        offset: fc.integer({ min: -12, max: 4 * 24 * 4 }).map((q) => q * 15),
        minutes: fc.integer({ min: 1, max: 24 }).map((n) => n * 5),
      }),
      { maxLength: 12 },
    ),
  });

  type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

  function build(r: Scenario) {
    const overrides: ScheduleOverride[] = [
      ...r.offDays.map((d): ScheduleOverride => ({ date: addDaysToKey(r.anchor, d), kind: 'off' })),
      ...r.extra
        .filter((e) => e.start !== e.end)
        .map((e): ScheduleOverride => ({
          date: addDaysToKey(r.anchor, e.day),
          kind: 'hours',
          segments: [{ start: e.start, end: e.end }],
        })),
    ];
    const schedule: Schedule = { timezone: r.zone, weekly: r.weekly, overrides };
    const base = Date.parse(`${r.anchor}T00:00:00Z`);
    const visits = r.visits.map((v) => ({
      start: new Date(base + v.offset * MINUTE_MS),
      end: new Date(base + (v.offset + v.minutes) * MINUTE_MS),
      minutes: v.minutes,
    }));
    return { schedule, visits, base };
  }

  it('lists exactly the visits the booking check would refuse as outside the hours', () => {
    fc.assert(
      fc.property(scenario, (r) => {
        const { schedule, visits, base } = build(r);
        const query = createQuery({
          agents: [createAgent({ schedule })],
          now: new Date(base - 30 * 24 * HOUR_MS),
          horizonDays: 400,
        });
        const refused = visits.filter((v) => {
          const check = isSlotBookable(query, 'agent-ana', v.start, v.minutes);
          return !check.ok && check.reason === 'outside_availability';
        });
        expect(visitsOutsideHours(schedule, visits)).toEqual(refused);
      }),
      { numRuns: 300 },
    );
  });

  it('never keeps more visits after a day off is added', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: -1, max: 4 }), (r, day) => {
        const { schedule, visits } = build(r);
        const before = new Set(visitsOutsideHours(schedule, visits));
        const withDayOff: Schedule = {
          ...schedule,
          overrides: [...schedule.overrides, { date: addDaysToKey(r.anchor, day), kind: 'off' }],
        };
        // A day off drops that date's weekly hours; its extra hours stay, so compare only when
        // the date has none.
        fc.pre(
          !schedule.overrides.some(
            (o) => o.kind === 'hours' && o.date === addDaysToKey(r.anchor, day),
          ),
        );
        const after = visitsOutsideHours(withDayOff, visits);
        for (const v of before) expect(after).toContain(v);
      }),
      { numRuns: 200 },
    );
  });
});
