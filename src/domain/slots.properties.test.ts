import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availabilityAround, availabilityIntervals, type ScheduleOverride } from './schedule';
import { computeAvailableSlots, isSlotBookable, type SlotQuery } from './slots';
import { booking, createAgent, createQuery, createSchedule, EVERY_DAY } from './test-factories';
import { addDaysToKey, DAY_MS, formatWallTime, HOUR_MS, MINUTE_MS } from './zoned-time';

// Random queries concentrated on the DST days of the zones the spec cares about.
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];
const ANCHOR_DAYS = [
  '2026-03-08',
  '2026-03-29',
  '2026-04-05',
  '2026-10-04',
  '2026-10-25',
  '2026-11-01',
];

const wallTimeArb = fc.integer({ min: 0, max: 95 }).map((q) => formatWallTime(q * 15));
const segmentArb = fc
  .record({ weekday: fc.constantFrom(...EVERY_DAY), start: wallTimeArb, end: wallTimeArb })
  .filter((segment) => segment.start !== segment.end);

const queryArb = fc
  .record({
    anchor: fc.constantFrom(...ANCHOR_DAYS),
    zone: fc.constantFrom(...ZONES),
    weekly: fc.array(fc.array(segmentArb, { maxLength: 8 }), { minLength: 1, maxLength: 3 }),
    override: fc.option(
      fc.record({
        day: fc.integer({ min: -1, max: 2 }),
        hours: fc.option(fc.array(segmentArb, { maxLength: 2 })),
      }),
    ),
    rangeOffsetHours: fc.integer({ min: -36, max: 36 }),
    rangeLengthHours: fc.integer({ min: 0, max: 72 }),
    nowOffsetMinutes: fc.integer({ min: -3 * 1440, max: 2 * 1440 }),
    bookings: fc.array(
      fc.record({
        agent: fc.integer({ min: 0, max: 2 }),
        startOffset: fc.integer({ min: -24 * 12, max: 96 * 12 }).map((n) => n * 5),
        minutes: fc.integer({ min: 1, max: 36 }).map((n) => n * 5),
        // Each booking keeps its own service's buffers (ADR 044).
        before: fc.constantFrom(0, 0, 5, 10, 15, 30),
        after: fc.constantFrom(0, 0, 5, 10, 15, 30),
      }),
      { maxLength: 12 },
    ),
    slotMinutes: fc.constantFrom(10, 15, 20, 30, 45, 60, 90),
    stepMinutes: fc.constantFrom(undefined, 5, 10, 15, 30, 60, 90),
    minNoticeMinutes: fc.integer({ min: 0, max: 600 }),
    horizonDays: fc.integer({ min: 0, max: 10 }),
    bufferBeforeMinutes: fc.constantFrom(0, 5, 10, 15, 30),
    bufferAfterMinutes: fc.constantFrom(0, 5, 10, 15, 30),
  })
  .map((r): SlotQuery => {
    const rangeStart = Date.parse(`${r.anchor}T00:00:00Z`) + r.rangeOffsetHours * HOUR_MS;
    const overrides: ScheduleOverride[] = [];
    if (r.override) {
      const date = addDaysToKey(r.anchor, r.override.day);
      overrides.push(
        r.override.hours
          ? { date, kind: 'hours', segments: r.override.hours }
          : { date, kind: 'off' },
      );
    }
    return {
      agents: r.weekly.map((weekly, i) =>
        createAgent({
          id: `agent-${i}`,
          name: ['Ana Ortiz', 'Ben Cole', 'Ana Ortiz'][i]!,
          email: `agent-${i}@clinic.example`,
          schedule: { timezone: r.zone, weekly, overrides },
        }),
      ),
      bookings: r.bookings.map((b) => {
        const start = rangeStart + b.startOffset * MINUTE_MS;
        return {
          agentId: `agent-${b.agent}`,
          start: new Date(start),
          end: new Date(start + b.minutes * MINUTE_MS),
          bufferBeforeMinutes: b.before,
          bufferAfterMinutes: b.after,
        };
      }),
      rangeStart: new Date(rangeStart),
      rangeEnd: new Date(rangeStart + r.rangeLengthHours * HOUR_MS),
      now: new Date(rangeStart + r.nowOffsetMinutes * MINUTE_MS),
      slotMinutes: r.slotMinutes,
      stepMinutes: r.stepMinutes,
      minNoticeMinutes: r.minNoticeMinutes,
      horizonDays: r.horizonDays,
      bufferBeforeMinutes: r.bufferBeforeMinutes,
      bufferAfterMinutes: r.bufferAfterMinutes,
    };
  });

describe('computeAvailableSlots properties', () => {
  it('never lets its buffers and a booking’s buffers overlap, never leaves availability, respects notice and horizon', () => {
    fc.assert(
      fc.property(queryArb, (query) => {
        const earliest = query.now.getTime() + query.minNoticeMinutes * MINUTE_MS;
        const latest = query.now.getTime() + query.horizonDays * DAY_MS;
        const slots = computeAvailableSlots(query);
        for (const slot of slots) {
          const start = Date.parse(slot.startTime);
          const end = Date.parse(slot.endTime);
          const agent = query.agents.find((a) => a.id === slot.agentId)!;
          expect(end - start).toBe(query.slotMinutes * MINUTE_MS);
          expect(start).toBeGreaterThanOrEqual(Math.max(earliest, query.rangeStart.getTime()));
          expect(start).toBeLessThan(Math.min(latest, query.rangeEnd.getTime()));
          const wide = availabilityIntervals(
            agent.schedule,
            new Date(start - DAY_MS),
            new Date(end + DAY_MS),
          );
          expect(wide.some((i) => i.start.getTime() <= start && end <= i.end.getTime())).toBe(true);
          // The exclusion constraint's rule: blocked ranges (each with its own buffers) are disjoint.
          const blockedStart = start - query.bufferBeforeMinutes * MINUTE_MS;
          const blockedEnd = end + query.bufferAfterMinutes * MINUTE_MS;
          for (const b of query.bookings.filter((b) => b.agentId === slot.agentId)) {
            if (!(b.end > b.start)) continue;
            const busyStart = b.start.getTime() - (b.bufferBeforeMinutes ?? 0) * MINUTE_MS;
            const busyEnd = b.end.getTime() + (b.bufferAfterMinutes ?? 0) * MINUTE_MS;
            expect(blockedStart < busyEnd && busyStart < blockedEnd).toBe(false);
          }
          expect(isSlotBookable(query, slot.agentId, new Date(start), query.slotMinutes)).toEqual({
            ok: true,
          });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('offers every bookable grid start and nothing else, sorted and without duplicates', () => {
    fc.assert(
      fc.property(queryArb, (query) => {
        const slotMs = query.slotMinutes * MINUTE_MS;
        const stepMs = (query.stepMinutes ?? query.slotMinutes) * MINUTE_MS;
        const from = Math.max(
          query.rangeStart.getTime(),
          query.now.getTime() + query.minNoticeMinutes * MINUTE_MS,
        );
        const to = Math.min(
          query.rangeEnd.getTime(),
          query.now.getTime() + query.horizonDays * DAY_MS,
        );
        // The naive oracle: walk each interval's grid and ask isSlotBookable about every start.
        const expected = new Set<string>();
        if (to > from) {
          for (const agent of query.agents) {
            for (const interval of availabilityAround(agent.schedule, from, to + slotMs)) {
              for (let s = interval.start; s < to && s + slotMs <= interval.end; s += stepMs) {
                if (
                  s >= from &&
                  isSlotBookable(query, agent.id, new Date(s), query.slotMinutes).ok
                ) {
                  expected.add(`${agent.id}:${new Date(s).toISOString()}`);
                }
              }
            }
          }
        }
        const slots = computeAvailableSlots(query);
        const ids = slots.map((slot) => slot.slotId);
        expect(new Set(ids)).toEqual(expected);
        expect(ids).toHaveLength(expected.size);
        for (let i = 1; i < slots.length; i++) {
          const [a, b] = [slots[i - 1]!, slots[i]!];
          expect(
            a.startTime < b.startTime ||
              (a.startTime === b.startTime && a.agentName <= b.agentName),
          ).toBe(true);
        }
      }),
      { numRuns: 120 },
    );
  });

  it('never overlaps slots of one agent when the step is at least the slot length', () => {
    fc.assert(
      fc.property(
        queryArb.filter((q) => (q.stepMinutes ?? q.slotMinutes) >= q.slotMinutes),
        (query) => {
          const byAgent = new Map<string, number[]>();
          for (const slot of computeAvailableSlots(query)) {
            byAgent.set(slot.agentId, [
              ...(byAgent.get(slot.agentId) ?? []),
              Date.parse(slot.startTime),
            ]);
          }
          for (const starts of byAgent.values()) {
            for (let i = 1; i < starts.length; i++) {
              expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(
                query.slotMinutes * MINUTE_MS,
              );
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('performance sanity (not a benchmark: bench/ measures for real)', () => {
  function time(run: () => unknown): number {
    const started = performance.now();
    run();
    return performance.now() - started;
  }

  it('one agent over 31 days, and 50 agents over 7 days with bookings', async ({ annotate }) => {
    const month = createQuery({
      agents: [createAgent({ schedule: createSchedule('America/New_York') })],
      rangeStart: new Date('2027-03-01T00:00:00Z'),
      rangeEnd: new Date('2027-04-01T00:00:00Z'),
      now: new Date('2027-02-28T00:00:00Z'),
      horizonDays: 90,
    });
    const agents = Array.from({ length: 50 }, (_, i) =>
      createAgent({
        id: `agent-${i}`,
        name: `Agent ${i}`,
        schedule: createSchedule('Europe/London'),
      }),
    );
    const week = createQuery({
      agents,
      bookings: agents.flatMap((agent, i) =>
        Array.from({ length: 10 }, (_, j) => {
          const start = `2027-05-${String(3 + (j % 5)).padStart(2, '0')}T${String(9 + ((i + j) % 7)).padStart(2, '0')}:00:00Z`;
          return booking(
            start,
            new Date(Date.parse(start) + 30 * MINUTE_MS).toISOString(),
            agent.id,
          );
        }),
      ),
      rangeStart: new Date('2027-05-02T00:00:00Z'),
      rangeEnd: new Date('2027-05-09T00:00:00Z'),
      now: new Date('2027-05-01T00:00:00Z'),
    });

    const monthCold = time(() => computeAvailableSlots(month));
    const weekCold = time(() => computeAvailableSlots(week));
    const monthWarm = Math.min(
      ...Array.from({ length: 5 }, () => time(() => computeAvailableSlots(month))),
    );
    const weekWarm = Math.min(
      ...Array.from({ length: 5 }, () => time(() => computeAvailableSlots(week))),
    );
    await annotate(
      `1 agent × 31 days: ${monthCold.toFixed(2)} ms cold, ${monthWarm.toFixed(2)} ms warm; ` +
        `50 agents × 7 days: ${weekCold.toFixed(2)} ms cold, ${weekWarm.toFixed(2)} ms warm`,
    );
    expect(computeAvailableSlots(month).length).toBeGreaterThan(0);
  });
});
