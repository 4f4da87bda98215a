import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignSlotResources,
  blockedRangeOf,
  candidatesFor,
  checkResource,
  freeResourcesFor,
  resourceFreeIntervals,
  type ResourcePool,
  type SlotResource,
} from './resource-slots';
import type { ResourceNeed } from './resources';
import { computeAvailableSlots } from './slots';
import { createAgent, createQuery, createSchedule, EVERY_DAY } from './test-factories';
import { formatWallTime, HOUR_MS, MINUTE_MS } from './zoned-time';

const ROOMS: ResourceNeed = { kind: 'category', category: 'Treatment room' };

function room(overrides: Partial<SlotResource> = {}): SlotResource {
  return {
    id: 'room-a',
    name: 'Room A',
    category: 'Treatment room',
    archived: false,
    weekly: null,
    timeOff: [],
    ...overrides,
  };
}

const at = (iso: string) => Date.parse(iso);
const visit = (startIso: string, minutes: number, before = 0, after = 0) => ({
  start: at(startIso),
  end: at(startIso) + minutes * MINUTE_MS,
  bufferBeforeMinutes: before,
  bufferAfterMinutes: after,
});
const slot = (startIso: string, minutes: number, agentId = 'agent-ana') => ({
  startTime: new Date(at(startIso)).toISOString(),
  endTime: new Date(at(startIso) + minutes * MINUTE_MS).toISOString(),
  agentId,
});

describe('which resource a time gets', () => {
  it('takes the first free resource by name, then id, and skips archived and other kinds', () => {
    const pool: ResourcePool = {
      timezone: 'UTC',
      resources: [
        room({ id: 'z', name: 'Room B' }),
        room({ id: 'y', name: 'Room A' }),
        room({ id: 'x', name: 'Room A', archived: true }),
        room({ id: 'w', name: 'Gym', category: 'Gym' }),
        room({ id: 'v', name: 'Room A' }),
      ],
      bookings: [],
    };
    expect(candidatesFor(pool, ROOMS).map((r) => r.id)).toEqual(['v', 'y', 'z']);
    expect(candidatesFor(pool, { kind: 'category', category: ' treatment ROOM ' })).toHaveLength(3);
    expect(candidatesFor(pool, { kind: 'one', resourceId: 'x' })).toEqual([]);
    expect(candidatesFor(pool, { kind: 'none' })).toEqual([]);
  });

  it('keeps the buffers of both sides apart: a room cleaned after one visit is not free for the next', () => {
    const pool: ResourcePool = {
      timezone: 'UTC',
      resources: [room()],
      // 10:00–10:45, cleaned 15 minutes after.
      bookings: [
        {
          resourceId: 'room-a',
          start: at('2026-11-24T10:00:00Z'),
          end: at('2026-11-24T10:45:00Z'),
          bufferBeforeMinutes: 0,
          bufferAfterMinutes: 15,
        },
      ],
    };
    const r = pool.resources[0]!;
    expect(checkResource(pool, r, visit('2026-11-24T11:00:00Z', 30))).toEqual({ ok: true });
    expect(checkResource(pool, r, visit('2026-11-24T10:45:00Z', 30))).toEqual({
      ok: false,
      reason: 'taken',
    });
    // Its own 10 minutes before need 25 minutes after the first visit, not 15 (ADR 044).
    expect(checkResource(pool, r, visit('2026-11-24T11:10:00Z', 30, 10)).ok).toBe(true);
    expect(checkResource(pool, r, visit('2026-11-24T11:05:00Z', 30, 10))).toEqual({
      ok: false,
      reason: 'taken',
    });
  });

  it('respects its hours and time off; a visit must fit, its buffers may reach outside', () => {
    const pool: ResourcePool = {
      timezone: 'America/New_York',
      resources: [
        room({
          weekly: [{ weekday: 2, start: '09:00', end: '12:00' }],
          timeOff: [{ start: at('2026-11-24T16:00:00Z'), end: at('2026-11-24T16:30:00Z') }],
        }),
      ],
      bookings: [],
    };
    const r = pool.resources[0]!;
    // Tuesday 09:00 New York is 14:00 UTC.
    expect(checkResource(pool, r, visit('2026-11-24T14:00:00Z', 60, 30, 30)).ok).toBe(true);
    expect(checkResource(pool, r, visit('2026-11-24T13:30:00Z', 60))).toEqual({
      ok: false,
      reason: 'outside_hours',
    });
    expect(checkResource(pool, r, visit('2026-11-24T16:45:00Z', 30))).toEqual({
      ok: false,
      reason: 'outside_hours',
    });
    expect(checkResource(pool, r, visit('2026-11-24T15:45:00Z', 30))).toEqual({
      ok: false,
      reason: 'time_off',
    });
    expect(checkResource(pool, r, visit('2026-11-24T15:30:00Z', 30)).ok).toBe(true);
    expect(
      resourceFreeIntervals(r, pool, at('2026-11-24T00:00:00Z'), at('2026-11-25T00:00:00Z')),
    ).toEqual([
      { start: at('2026-11-24T14:00:00Z'), end: at('2026-11-24T16:00:00Z') },
      { start: at('2026-11-24T16:30:00Z'), end: at('2026-11-24T17:00:00Z') },
    ]);
  });

  it('follows the clinic’s wall clock across a DST change', () => {
    // London springs forward on Sunday 29 March 2026 at 01:00 UTC: 00:00–04:00 on the clock is
    // three real hours, 00:00–03:00 UTC; the week after, 23:00–03:00 UTC.
    const pool: ResourcePool = {
      timezone: 'Europe/London',
      resources: [room({ weekly: [{ weekday: 0, start: '00:00', end: '04:00' }] })],
      bookings: [],
    };
    const slots = [
      slot('2026-03-29T02:00:00Z', 60),
      slot('2026-03-29T02:30:00Z', 60),
      slot('2026-04-04T23:00:00Z', 60),
      slot('2026-04-05T02:00:00Z', 60),
      slot('2026-04-05T02:30:00Z', 60),
    ];
    const { slots: offered, withoutResource } = assignSlotResources(slots, pool, ROOMS, {
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
    });
    expect(offered.map((s) => s.startTime)).toEqual([
      '2026-03-29T02:00:00.000Z',
      '2026-04-04T23:00:00.000Z',
      '2026-04-05T02:00:00.000Z',
    ]);
    expect(withoutResource.map((s) => s.startTime)).toEqual([
      '2026-03-29T02:30:00.000Z',
      '2026-04-05T02:30:00.000Z',
    ]);
  });

  it('reports the provider’s free times with no free room apart, and can keep to one room', () => {
    const pool: ResourcePool = {
      timezone: 'UTC',
      resources: [room(), room({ id: 'room-b', name: 'Room B' })],
      bookings: [
        {
          resourceId: 'room-a',
          start: at('2026-11-24T10:00:00Z'),
          end: at('2026-11-24T11:00:00Z'),
          bufferBeforeMinutes: 0,
          bufferAfterMinutes: 0,
        },
      ],
    };
    const slots = [slot('2026-11-24T10:00:00Z', 30), slot('2026-11-24T11:00:00Z', 30)];
    const none = { bufferBeforeMinutes: 0, bufferAfterMinutes: 0 };
    expect(assignSlotResources(slots, pool, ROOMS, none).slots.map((s) => s.resourceId)).toEqual([
      'room-b',
      'room-a',
    ]);
    const onlyA = assignSlotResources(slots, pool, ROOMS, none, 'room-a');
    expect(onlyA.slots.map((s) => s.startTime)).toEqual(['2026-11-24T11:00:00.000Z']);
    expect(onlyA.withoutResource).toEqual([
      { startTime: '2026-11-24T10:00:00.000Z', agentId: 'agent-ana' },
    ]);
    expect(assignSlotResources(slots, pool, { kind: 'none' }, none).slots).toEqual(slots);
  });
});

// Random pools around DST days, with the slot engine's own slots for one agent.
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC'];
const DAYS = ['2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01', '2026-11-24'];
const wallTimeArb = fc.integer({ min: 0, max: 95 }).map((q) => formatWallTime(q * 15));
const segmentArb = fc
  .record({ weekday: fc.constantFrom(...EVERY_DAY), start: wallTimeArb, end: wallTimeArb })
  .filter((s) => s.start !== s.end);

const caseArb = fc
  .record({
    day: fc.constantFrom(...DAYS),
    zone: fc.constantFrom(...ZONES),
    resources: fc.array(
      fc.record({
        name: fc.constantFrom('Room A', 'Room B', 'Room C'),
        category: fc.constantFrom('Treatment room', 'treatment ROOM', 'Gym'),
        archived: fc.boolean(),
        weekly: fc.option(fc.array(segmentArb, { maxLength: 6 })),
        timeOff: fc.array(
          fc.record({
            offset: fc.integer({ min: -24, max: 48 }).map((n) => n * 30),
            minutes: fc.integer({ min: 1, max: 16 }).map((n) => n * 15),
          }),
          { maxLength: 2 },
        ),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    bookings: fc.array(
      fc.record({
        resource: fc.integer({ min: 0, max: 3 }),
        offset: fc.integer({ min: -24 * 12, max: 48 * 12 }).map((n) => n * 5),
        minutes: fc.integer({ min: 1, max: 24 }).map((n) => n * 5),
        before: fc.constantFrom(0, 5, 15),
        after: fc.constantFrom(0, 10, 15, 30),
      }),
      { maxLength: 10 },
    ),
    slotMinutes: fc.constantFrom(15, 30, 45, 60),
    before: fc.constantFrom(0, 5, 15),
    after: fc.constantFrom(0, 10, 15),
    oneResource: fc.boolean(),
  })
  .map((r) => {
    const dayStart = Date.parse(`${r.day}T00:00:00Z`);
    const resources: SlotResource[] = r.resources.map((x, i) => ({
      id: `res-${i}`,
      name: x.name,
      category: x.category,
      archived: x.archived,
      weekly: x.weekly,
      timeOff: x.timeOff.map((o) => ({
        start: dayStart + o.offset * MINUTE_MS,
        end: dayStart + (o.offset + o.minutes) * MINUTE_MS,
      })),
    }));
    const pool: ResourcePool = {
      timezone: r.zone,
      resources,
      bookings: r.bookings
        .filter((b) => b.resource < resources.length)
        .map((b) => ({
          resourceId: `res-${b.resource}`,
          start: dayStart + b.offset * MINUTE_MS,
          end: dayStart + (b.offset + b.minutes) * MINUTE_MS,
          bufferBeforeMinutes: b.before,
          bufferAfterMinutes: b.after,
        })),
    };
    const need: ResourceNeed = r.oneResource
      ? { kind: 'one', resourceId: 'res-0' }
      : { kind: 'category', category: 'Treatment Room' };
    const slots = computeAvailableSlots(
      createQuery({
        agents: [createAgent({ schedule: createSchedule(r.zone, '06:00', '20:00') })],
        rangeStart: new Date(dayStart - 12 * HOUR_MS),
        rangeEnd: new Date(dayStart + 36 * HOUR_MS),
        slotMinutes: r.slotMinutes,
        stepMinutes: 15,
        bufferBeforeMinutes: r.before,
        bufferAfterMinutes: r.after,
      }),
    );
    return {
      dayStart,
      pool,
      need,
      slots,
      buffers: { bufferBeforeMinutes: r.before, bufferAfterMinutes: r.after },
    };
  });

describe('slots with resources (properties)', () => {
  it('every offered slot passes the booking check with its resource, and its blocked range meets none of the resource’s bookings', () => {
    fc.assert(
      fc.property(caseArb, ({ pool, need, slots, buffers }) => {
        const { slots: offered } = assignSlotResources(slots, pool, need, buffers);
        for (const s of offered) {
          const resource = pool.resources.find((r) => r.id === s.resourceId)!;
          const v = { start: Date.parse(s.startTime), end: Date.parse(s.endTime), ...buffers };
          expect(checkResource(pool, resource, v)).toEqual({ ok: true });
          expect(freeResourcesFor(pool, need, v)[0]?.id).toBe(resource.id);
          expect(resource.archived).toBe(false);
          const blocked = blockedRangeOf(v);
          for (const b of pool.bookings.filter((b) => b.resourceId === resource.id)) {
            const other = blockedRangeOf(b);
            expect(other.start < blocked.end && blocked.start < other.end).toBe(false);
          }
          for (const off of resource.timeOff) {
            expect(off.start < v.end && v.start < off.end).toBe(false);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a slot left out has no free resource, and every slot is either offered or reported', () => {
    fc.assert(
      fc.property(caseArb, ({ pool, need, slots, buffers }) => {
        const result = assignSlotResources(slots, pool, need, buffers);
        expect(result.slots.length + result.withoutResource.length).toBe(slots.length);
        for (const s of result.withoutResource) {
          const full = slots.find((x) => x.startTime === s.startTime)!;
          const v = {
            start: Date.parse(full.startTime),
            end: Date.parse(full.endTime),
            ...buffers,
          };
          expect(freeResourcesFor(pool, need, v)).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a resource’s free intervals are inside its hours and meet none of its time off or bookings', () => {
    fc.assert(
      fc.property(caseArb, ({ pool, dayStart }) => {
        const from = dayStart - 12 * HOUR_MS;
        const resource = pool.resources[0]!;
        const to = dayStart + 36 * HOUR_MS;
        for (const free of resourceFreeIntervals(resource, pool, from, to)) {
          expect(free.end > free.start).toBe(true);
          const probe = {
            start: free.start,
            end: free.end,
            bufferBeforeMinutes: 0,
            bufferAfterMinutes: 0,
          };
          expect(checkResource(pool, resource, probe)).toEqual({ ok: true });
        }
      }),
      { numRuns: 100 },
    );
  });
});
