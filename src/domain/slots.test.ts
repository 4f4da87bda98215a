import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeAvailableSlots,
  isSlotBookable,
  slotIdOf,
  slotsStableUntil,
  type SlotQuery,
} from './slots';
import {
  booking,
  createAgent,
  createQuery,
  createSchedule,
  grid,
  localStarts,
  MONDAY,
} from './test-factories';
import { addDaysToKey, DAY_MS, formatWallTime, wallClockToUtc } from './zoned-time';

const at = (time: string) => new Date(`${MONDAY}T${time}:00Z`);
const onMonday = (from: string, to: string, agentId?: string) =>
  booking(at(from).toISOString(), at(to).toISOString(), agentId);

describe('computeAvailableSlots', () => {
  it('offers a 09:00–17:00 day as 16 half-hour slots in spec §3 shape', () => {
    const slots = computeAvailableSlots(createQuery());
    expect(slots).toHaveLength(16);
    expect(slots[0]).toEqual({
      slotId: 'agent-ana:2026-11-23T09:00:00.000Z',
      timestamp: '2026-11-23T09:00:00.000Z',
      startTime: '2026-11-23T09:00:00.000Z',
      endTime: '2026-11-23T09:30:00.000Z',
      agentId: 'agent-ana',
      agentName: 'Ana Ortiz',
      agentEmail: 'ana.ortiz@clinic.example',
      durationMinutes: 30,
    });
    expect(localStarts(createQuery())).toEqual(grid('09:00', '16:30', 30));
    expect(slotIdOf('agent-ana', at('09:00'))).toBe(slots[0]!.slotId);
  });

  const all = grid('09:00', '16:30', 30);
  const without = (...times: string[]) => all.filter((time) => !times.includes(time));

  it.each<[string, Partial<SlotQuery>, string[]]>([
    [
      'notice keeps the grid',
      { now: at('10:10'), minNoticeMinutes: 60 },
      grid('11:30', '16:30', 30),
    ],
    [
      'a start exactly at now + notice is allowed',
      { now: at('10:00'), minNoticeMinutes: 60 },
      grid('11:00', '16:30', 30),
    ],
    [
      'horizon ends before the start',
      { now: new Date('2026-11-22T09:20:00Z'), horizonDays: 1 },
      ['09:00'],
    ],
    [
      'a start exactly at the horizon is refused',
      { now: new Date('2026-11-22T09:30:00Z'), horizonDays: 1 },
      ['09:00'],
    ],
    ['a zero horizon offers nothing', { now: at('08:00'), horizonDays: 0 }, []],
    ['a booking takes its slot', { bookings: [onMonday('10:00', '10:30')] }, without('10:00')],
    [
      'buffers widen a booking',
      {
        bookings: [onMonday('10:00', '10:30')],
        bufferBeforeMinutes: 15,
        bufferAfterMinutes: 15,
      },
      without('09:30', '10:00', '10:30'),
    ],
    [
      'a booking’s own buffers widen it',
      {
        bookings: [
          { ...onMonday('10:00', '10:30'), bufferBeforeMinutes: 15, bufferAfterMinutes: 15 },
        ],
      },
      without('09:30', '10:00', '10:30'),
    ],
    [
      'a booking’s buffers and the new visit’s add up',
      {
        bookings: [{ ...onMonday('10:00', '10:30'), bufferAfterMinutes: 10 }],
        bufferBeforeMinutes: 10,
      },
      without('10:00', '10:30'),
    ],
    [
      'an off-grid booking blocks both slots it touches',
      { bookings: [onMonday('10:10', '10:40')] },
      without('10:00', '10:30'),
    ],
    [
      'another agent’s booking changes nothing',
      { bookings: [onMonday('10:00', '10:30', 'agent-ben')] },
      all,
    ],
    ['an empty booking holds no time', { bookings: [onMonday('10:00', '10:00')] }, all],
    ['the range start keeps the grid', { rangeStart: at('12:10') }, grid('12:30', '16:30', 30)],
    ['a slot may end after the range end', { rangeEnd: at('12:10') }, grid('09:00', '12:00', 30)],
    [
      '45-minute slots stop where the next would not fit',
      { slotMinutes: 45 },
      grid('09:00', '15:45', 45),
    ],
    [
      'hour slots every 15 minutes',
      { slotMinutes: 60, stepMinutes: 15 },
      grid('09:00', '16:00', 15),
    ],
    ['a range in the past offers nothing', { now: new Date('2026-12-01T00:00:00Z') }, []],
  ])('%s', (_name, overrides, expected) => {
    expect(localStarts(createQuery(overrides))).toEqual(expected);
  });

  it('orders by start, then agent name, then id', () => {
    const agents = [
      createAgent({
        id: 'agent-zoe',
        name: 'Zoe Park',
        schedule: createSchedule('UTC', '09:00', '10:00'),
      }),
      createAgent({
        id: 'agent-ana-2',
        name: 'Ana Ortiz',
        schedule: createSchedule('UTC', '09:30', '10:00'),
      }),
      createAgent({ schedule: createSchedule('UTC', '09:00', '10:00') }),
    ];
    const slots = computeAvailableSlots(createQuery({ agents }));
    expect(slots.map((slot) => slot.slotId)).toEqual([
      'agent-ana:2026-11-23T09:00:00.000Z',
      'agent-zoe:2026-11-23T09:00:00.000Z',
      'agent-ana:2026-11-23T09:30:00.000Z',
      'agent-ana-2:2026-11-23T09:30:00.000Z',
      'agent-zoe:2026-11-23T09:30:00.000Z',
    ]);
  });

  it.each([
    ['slotMinutes', { slotMinutes: 0 }],
    ['slotMinutes', { slotMinutes: 7.5 }],
    ['stepMinutes', { stepMinutes: -15 }],
    ['minNoticeMinutes', { minNoticeMinutes: -1 }],
    ['horizonDays', { horizonDays: Number.NaN }],
    ['bufferAfterMinutes', { bufferAfterMinutes: -5 }],
  ])('refuses a bad %s', (name, overrides) => {
    expect(() => computeAvailableSlots(createQuery(overrides))).toThrow(new RegExp(name));
  });
});

describe('slotsStableUntil', () => {
  const MINUTE = 60_000;
  /** A clinic's day: agents with hours in several zones, bookings, notice, horizon and a `now`. */
  const queries = fc
    .record({
      zones: fc.array(fc.constantFrom('UTC', 'America/New_York', 'Asia/Kolkata', 'Europe/London'), {
        minLength: 1,
        maxLength: 3,
      }),
      hours: fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 4 })), {
        minLength: 3,
        maxLength: 3,
      }),
      bookings: fc.array(
        fc.tuple(
          fc.nat(2),
          fc.integer({ min: -12 * 60, max: 36 * 60 }),
          fc.integer({ min: 5, max: 120 }),
        ),
        { maxLength: 6 },
      ),
      slotMinutes: fc.constantFrom(15, 20, 30, 45, 60),
      minNoticeMinutes: fc.constantFrom(0, 1, 30, 120, 24 * 60),
      horizonDays: fc.constantFrom(0, 1, 2, 30),
      // From three days before the day to its end, to the minute and off it.
      nowOffset: fc.integer({ min: -3 * 24 * 60 * MINUTE, max: 24 * 60 * MINUTE }),
    })
    .map((r): SlotQuery => {
      const dayStart = Date.parse(`${MONDAY}T00:00:00Z`);
      const agents = r.zones.map((zone, i) => {
        const [startHour, length] = r.hours[i]!;
        const end = Math.min(startHour + length * 2, 24);
        const pad = (h: number) => `${String(h).padStart(2, '0')}:00`;
        return createAgent({
          id: `agent-${i}`,
          name: `Agent ${i}`,
          schedule: createSchedule(zone, pad(startHour), end === 24 ? '23:59' : pad(end)),
        });
      });
      return createQuery({
        agents,
        bookings: r.bookings.map(([agent, startMinute, minutes]) =>
          booking(
            new Date(dayStart + startMinute * MINUTE).toISOString(),
            new Date(dayStart + (startMinute + minutes) * MINUTE).toISOString(),
            `agent-${agent}`,
          ),
        ),
        slotMinutes: r.slotMinutes,
        minNoticeMinutes: r.minNoticeMinutes,
        horizonDays: r.horizonDays,
        now: new Date(dayStart + r.nowOffset),
      });
    });

  it('the answer at any later instant before it is the same answer', () => {
    fc.assert(
      fc.property(queries, fc.double({ min: 0, max: 1, noNaN: true }), (query, where) => {
        const answer = computeAvailableSlots(query);
        const until = slotsStableUntil(query, answer);
        const now = query.now.getTime();
        expect(until).toBeGreaterThanOrEqual(now);
        // Any instant in [now, until), the last one included; a day on when there is no bound.
        const span = Math.min(until, now + 2 * DAY_MS) - now;
        if (span <= 0) return;
        for (const later of [now + Math.min(span - 1, Math.floor(where * span)), now + span - 1]) {
          expect(computeAvailableSlots({ ...query, now: new Date(later) })).toEqual(answer);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('is exact: at the bound the earliest slot has entered the notice and is gone', () => {
    fc.assert(
      fc.property(queries, (query) => {
        const answer = computeAvailableSlots(query);
        const until = slotsStableUntil(query, answer);
        if (!Number.isFinite(until) || until === query.now.getTime()) return;
        const then = computeAvailableSlots({ ...query, now: new Date(until) });
        expect(then).not.toContainEqual(answer[0]);
      }),
      { numRuns: 300 },
    );
  });

  it('gives no time at all when the horizon cuts the range, and none is needed for no slots', () => {
    const cut = createQuery({ now: new Date('2026-11-22T12:00:00Z'), horizonDays: 1 });
    expect(slotsStableUntil(cut, computeAvailableSlots(cut))).toBe(cut.now.getTime());
    const past = createQuery({ now: new Date('2026-12-01T00:00:00Z') });
    expect(slotsStableUntil(past, computeAvailableSlots(past))).toBe(Infinity);
    // 09:00 with an hour's notice: offered until 08:00, gone a millisecond after.
    const day = createQuery({ minNoticeMinutes: 60 });
    expect(slotsStableUntil(day, computeAvailableSlots(day))).toBe(
      Date.parse(`${MONDAY}T08:00:00Z`) + 1,
    );
  });
});

describe('DST and odd-offset days keep every wall-clock slot exactly once', () => {
  it.each([
    ['America/New_York', '2026-03-08'],
    ['America/New_York', '2026-11-01'],
    ['Europe/London', '2026-03-29'],
    ['Europe/London', '2026-10-25'],
    ['Australia/Lord_Howe', '2026-04-05'],
    ['Australia/Lord_Howe', '2026-10-04'],
    ['Asia/Kathmandu', '2026-03-08'],
  ])('%s on %s: 09:00, 09:30 … 16:30', (zone, day) => {
    const query = createQuery({
      agents: [createAgent({ schedule: createSchedule(zone) })],
      rangeStart: new Date(wallClockToUtc(day, 0, zone)),
      rangeEnd: new Date(wallClockToUtc(addDaysToKey(day, 1), 0, zone)),
      now: new Date(Date.parse(`${day}T00:00:00Z`) - 7 * DAY_MS),
    });
    expect(localStarts(query, zone)).toEqual(grid('09:00', '16:30', 30));
  });

  it.each([
    // Night segments across the change follow real time: the skipped hour offers nothing,
    // the repeated hour is offered twice (they are different instants).
    [
      'America/New_York',
      '2026-03-08',
      ['00:00', '00:30', '01:00', '01:30', ...grid('03:00', '05:30', 30)],
    ],
    [
      'America/New_York',
      '2026-11-01',
      ['00:00', '00:30', '01:00', '01:30', ...grid('01:00', '05:30', 30)],
    ],
    [
      'Australia/Lord_Howe',
      '2026-10-04',
      ['00:00', '00:30', '01:00', '01:30', ...grid('02:30', '05:30', 30)],
    ],
    [
      'Australia/Lord_Howe',
      '2026-04-05',
      ['00:00', '00:30', '01:00', '01:30', ...grid('01:30', '05:30', 30)],
    ],
  ])('%s on %s, 00:00–06:00, follows real time', (zone, day, expected) => {
    const query = createQuery({
      agents: [createAgent({ schedule: createSchedule(zone, '00:00', '06:00') })],
      rangeStart: new Date(wallClockToUtc(day, 0, zone)),
      rangeEnd: new Date(wallClockToUtc(addDaysToKey(day, 1), 0, zone)),
      now: new Date(Date.parse(`${day}T00:00:00Z`) - 7 * DAY_MS),
    });
    expect(localStarts(query, zone)).toEqual(expected);
  });

  it('holds for any day of 2026 and any slot length that divides the day', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'America/New_York',
          'Europe/London',
          'Australia/Lord_Howe',
          'Asia/Kathmandu',
        ),
        fc.integer({ min: 0, max: 364 }),
        fc.constantFrom(15, 20, 30, 60, 120),
        (zone, dayOfYear, minutes) => {
          const day = addDaysToKey('2026-01-01', dayOfYear);
          const query = createQuery({
            agents: [createAgent({ schedule: createSchedule(zone) })],
            rangeStart: new Date(wallClockToUtc(day, 0, zone)),
            rangeEnd: new Date(wallClockToUtc(addDaysToKey(day, 1), 0, zone)),
            now: new Date(Date.parse(`${day}T00:00:00Z`) - 7 * DAY_MS),
            slotMinutes: minutes,
          });
          expect(localStarts(query, zone)).toEqual(
            grid('09:00', formatWallTime(17 * 60 - minutes), minutes),
          );
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('isSlotBookable', () => {
  const taken = onMonday('10:00', '10:30');

  it.each<[string, string, string, number, Partial<SlotQuery>, ReturnType<typeof isSlotBookable>]>([
    ['an offered slot', 'agent-ana', '09:00', 30, {}, { ok: true }],
    ['an off-grid start that fits', 'agent-ana', '09:10', 30, {}, { ok: true }],
    ['a long appointment that fits', 'agent-ana', '13:00', 240, {}, { ok: true }],
    [
      'one that runs past closing',
      'agent-ana',
      '16:45',
      30,
      {},
      { ok: false, reason: 'outside_availability' },
    ],
    [
      'one before opening',
      'agent-ana',
      '08:45',
      30,
      {},
      { ok: false, reason: 'outside_availability' },
    ],
    [
      'an unknown agent',
      'agent-nobody',
      '09:00',
      30,
      {},
      { ok: false, reason: 'outside_availability' },
    ],
    [
      'an overlap with a booking',
      'agent-ana',
      '10:15',
      30,
      { bookings: [taken] },
      { ok: false, reason: 'taken' },
    ],
    ['right after a booking', 'agent-ana', '10:30', 30, { bookings: [taken] }, { ok: true }],
    [
      'inside the booking’s after-buffer',
      'agent-ana',
      '10:30',
      30,
      { bookings: [{ ...taken, bufferAfterMinutes: 10 }] },
      { ok: false, reason: 'taken' },
    ],
    [
      'its own before-buffer reaches the booking',
      'agent-ana',
      '10:30',
      30,
      { bookings: [taken], bufferBeforeMinutes: 10 },
      { ok: false, reason: 'taken' },
    ],
    [
      'buffers never overlap each other: after 10 and before 10 need 20 minutes',
      'agent-ana',
      '10:45',
      30,
      { bookings: [{ ...taken, bufferAfterMinutes: 10 }], bufferBeforeMinutes: 10 },
      { ok: false, reason: 'taken' },
    ],
    [
      'both buffers kept free',
      'agent-ana',
      '10:50',
      30,
      { bookings: [{ ...taken, bufferAfterMinutes: 10 }], bufferBeforeMinutes: 10 },
      { ok: true },
    ],
    [
      'the booked visit’s after-buffer is not the new one’s concern before it',
      'agent-ana',
      '09:30',
      30,
      { bookings: [{ ...taken, bufferAfterMinutes: 30 }] },
      { ok: true },
    ],
    [
      'too soon',
      'agent-ana',
      '09:00',
      30,
      { now: at('08:45'), minNoticeMinutes: 30 },
      { ok: false, reason: 'too_soon' },
    ],
    [
      'too soon beats closed',
      'agent-ana',
      '08:00',
      30,
      { now: at('08:00'), minNoticeMinutes: 30 },
      { ok: false, reason: 'too_soon' },
    ],
    [
      'beyond the horizon',
      'agent-ana',
      '09:00',
      30,
      { horizonDays: 7 },
      { ok: false, reason: 'beyond_horizon' },
    ],
  ])('%s', (_name, agentId, time, minutes, overrides, expected) => {
    const start = at(time);
    expect(isSlotBookable(createQuery(overrides), agentId, start, minutes)).toEqual(expected);
  });

  it('ignores the picker range: a start outside it is judged on its own merits', () => {
    const query = createQuery({
      rangeStart: new Date('2026-12-01'),
      rangeEnd: new Date('2026-12-02'),
    });
    expect(isSlotBookable(query, 'agent-ana', at('09:00'), 30)).toEqual({
      ok: true,
    });
  });

  it('refuses a duration that is not a positive whole number of minutes', () => {
    expect(() => isSlotBookable(createQuery(), 'agent-ana', at('09:00'), 0)).toThrow(
      /durationMinutes/,
    );
  });
});

describe('buffers across a change of clocks', () => {
  // New York's clocks go back at 02:00 EDT on 2026-11-01: 01:00–02:00 happens twice.
  const night = createQuery({
    agents: [createAgent({ schedule: createSchedule('America/New_York', '00:00', '06:00') })],
    rangeStart: new Date('2026-11-01T04:00:00Z'),
    rangeEnd: new Date('2026-11-01T11:00:00Z'),
    now: new Date('2026-10-30T00:00:00Z'),
    // 01:00–01:45 EDT, keeping 30 minutes after: until 01:15 EST, by the clock the second time.
    bookings: [
      {
        ...booking('2026-11-01T05:00:00Z', '2026-11-01T05:45:00Z'),
        bufferAfterMinutes: 30,
      },
    ],
  });

  it('counts a buffer in elapsed minutes, through the repeated hour', () => {
    // 01:00 EST is 15 minutes after the visit ended, by the clock an hour earlier: still kept.
    expect(isSlotBookable(night, 'agent-ana', new Date('2026-11-01T06:00:00Z'), 30)).toEqual({
      ok: false,
      reason: 'taken',
    });
    expect(isSlotBookable(night, 'agent-ana', new Date('2026-11-01T06:15:00Z'), 30)).toEqual({
      ok: true,
    });
  });

  it('offers the repeated hour only once the buffer is over', () => {
    const starts = computeAvailableSlots(night).map((slot) => slot.startTime);
    expect(starts).not.toContain('2026-11-01T05:30:00.000Z');
    expect(starts).not.toContain('2026-11-01T06:00:00.000Z');
    expect(starts).toContain('2026-11-01T06:30:00.000Z');
  });
});
