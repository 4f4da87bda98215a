import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TZDate } from '@date-fns/tz';
import { OPEN_STATUSES } from './appointment-status';
import {
  compareWishes,
  firstFittingSlot,
  freedTime,
  gainedIntervals,
  matchOpening,
  offerExpiry,
  timeOfDayOf,
  TIMES_OF_DAY,
  type Opening,
  type WaitlistWish,
} from './waitlist';
import { localDateKeyOf, MINUTE_MS } from './zoned-time';

const NY = 'America/New_York';
const AGENT = 'p1';
const OTHER = 'p2';

function wish(overrides: Partial<WaitlistWish> = {}): WaitlistWish {
  return {
    id: 'w1',
    agentId: null,
    durationMinutes: 30,
    windowFrom: '2026-01-01',
    windowTo: '2026-12-31',
    weekdays: [],
    timesOfDay: [],
    priority: 'normal',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  };
}

const opening = (start: string, minutes: number, agentId = AGENT): Opening => ({
  agentId,
  start: new Date(start),
  end: new Date(new Date(start).getTime() + minutes * MINUTE_MS),
});

const NOW = new Date('2026-11-23T12:00:00Z');
const opts = { timeZone: NY, now: NOW };

describe('firstFittingSlot', () => {
  // Tuesday 2026-11-24 10:00 in New York.
  const tuesday10 = opening('2026-11-24T15:00:00Z', 30);

  it('offers an agent’s own wish and an any-agent wish, not another agent’s', () => {
    expect(firstFittingSlot(tuesday10, wish({ agentId: AGENT }), opts)).toEqual({
      start: tuesday10.start,
      end: tuesday10.end,
    });
    expect(firstFittingSlot(tuesday10, wish({ agentId: null }), opts)).not.toBeNull();
    expect(firstFittingSlot(tuesday10, wish({ agentId: OTHER }), opts)).toBeNull();
  });

  it('passes over a start the wish’s other needs refuse (a room taken), to the next that fits', () => {
    const hour = opening('2026-11-24T15:00:00Z', 60);
    const roomTakenUntil = new Date('2026-11-24T15:30:00Z').getTime();
    const fits = (_: WaitlistWish, slot: { start: Date }) => slot.start.getTime() >= roomTakenUntil;
    expect(firstFittingSlot(hour, wish(), { ...opts, stepMinutes: 15, fits })?.start).toEqual(
      new Date(roomTakenUntil),
    );
    expect(firstFittingSlot(hour, wish(), { ...opts, fits: () => false })).toBeNull();
  });

  it('needs the whole duration inside the opening', () => {
    expect(firstFittingSlot(tuesday10, wish({ durationMinutes: 45 }), opts)).toBeNull();
    expect(firstFittingSlot(tuesday10, wish({ durationMinutes: 15 }), opts)?.start).toEqual(
      tuesday10.start,
    );
  });

  it('keeps to the window of dates on the clinic’s calendar', () => {
    // 2026-11-25 02:00Z is still the 24th in New York.
    const lateEvening = opening('2026-11-25T02:00:00Z', 30);
    expect(firstFittingSlot(lateEvening, wish({ windowTo: '2026-11-24' }), opts)).not.toBeNull();
    expect(firstFittingSlot(lateEvening, wish({ windowFrom: '2026-11-25' }), opts)).toBeNull();
  });

  it('keeps to the wished weekdays and times of day in the clinic’s zone', () => {
    expect(firstFittingSlot(tuesday10, wish({ weekdays: [2] }), opts)).not.toBeNull();
    expect(firstFittingSlot(tuesday10, wish({ weekdays: [1, 3] }), opts)).toBeNull();
    expect(firstFittingSlot(tuesday10, wish({ timesOfDay: ['morning'] }), opts)).not.toBeNull();
    expect(firstFittingSlot(tuesday10, wish({ timesOfDay: ['afternoon'] }), opts)).toBeNull();
  });

  it('finds a later start inside a long opening that suits the time of day', () => {
    // 11:00–14:00 in New York; an afternoon wish starts at 12:00.
    const long = opening('2026-11-24T16:00:00Z', 180);
    expect(firstFittingSlot(long, wish({ timesOfDay: ['afternoon'] }), opts)?.start).toEqual(
      new Date('2026-11-24T17:00:00Z'),
    );
  });

  it('never offers a start in the past or inside the minimum notice', () => {
    const started = opening('2026-11-23T11:45:00Z', 60);
    expect(firstFittingSlot(started, wish(), opts)?.start).toEqual(
      new Date('2026-11-23T12:00:00Z'),
    );
    expect(
      firstFittingSlot(started, wish({ durationMinutes: 15 }), { ...opts, minNoticeMinutes: 30 })
        ?.start,
    ).toEqual(new Date('2026-11-23T12:30:00Z'));
    expect(
      firstFittingSlot(started, wish(), { ...opts, minNoticeMinutes: 30 })?.start ?? null,
    ).toBeNull();
    expect(firstFittingSlot(opening('2026-11-23T11:00:00Z', 30), wish(), opts)).toBeNull();
  });

  it('reads the time of day across a DST change in the clinic’s zone', () => {
    // 9:00 local is 14:00Z before the change (EST) and 13:00Z after it (EDT).
    expect(timeOfDayOf(new Date('2026-03-07T14:00:00Z'), NY)).toBe('morning');
    expect(timeOfDayOf(new Date('2026-03-09T13:00:00Z'), NY)).toBe('morning');
    expect(timeOfDayOf(new Date('2026-03-09T16:00:00Z'), NY)).toBe('afternoon');
    expect(timeOfDayOf(new Date('2026-11-02T22:00:00Z'), NY)).toBe('evening');
  });
});

const ZONES = [NY, 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
const instant = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) })
  .map((ms) => new Date(Math.floor(ms / (5 * MINUTE_MS)) * 5 * MINUTE_MS));
const dateKey = instant.map((d) => d.toISOString().slice(0, 10));
const wishArb = fc.record({
  id: fc.uuid(),
  agentId: fc.constantFrom(null, AGENT, OTHER),
  durationMinutes: fc.constantFrom(15, 20, 30, 45, 60, 90),
  windowFrom: dateKey,
  windowTo: dateKey,
  weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
  timesOfDay: fc.uniqueArray(fc.constantFrom(...TIMES_OF_DAY), { maxLength: 3 }),
  priority: fc.constantFrom('normal' as const, 'urgent' as const),
  createdAt: instant,
});
const openingArb = fc.record({
  agentId: fc.constantFrom(AGENT, OTHER),
  start: instant,
  minutes: fc.integer({ min: 5, max: 8 * 60 }),
});

describe('buffers around an offered time (ADR 044)', () => {
  const base = opening('2026-11-24T15:00:00Z', 60);
  // A neighbour ends at the opening's start: its blocked range reaches 15 minutes into it.
  const withNeighbour: Opening = {
    ...base,
    busy: [{ start: new Date('2026-11-24T14:00:00Z'), end: new Date('2026-11-24T15:15:00Z') }],
  };

  it('a wish without buffers is offered the opening’s start beside a neighbour’s buffer-free edge', () => {
    expect(firstFittingSlot({ ...base, busy: [] }, wish(), opts)?.start).toEqual(base.start);
  });

  it('starts after a neighbour’s buffer, and its own buffer before counts too', () => {
    expect(firstFittingSlot(withNeighbour, wish(), opts)?.start).toEqual(
      new Date('2026-11-24T15:15:00Z'),
    );
    // 10 minutes before of its own: 15:15 is too soon (its range starts 15:05), 15:30 fits.
    expect(firstFittingSlot(withNeighbour, wish({ bufferBeforeMinutes: 10 }), opts)?.start).toEqual(
      new Date('2026-11-24T15:30:00Z'),
    );
  });

  it('is not offered when its buffer after would meet the next booking', () => {
    const next: Opening = {
      ...base,
      busy: [{ start: new Date('2026-11-24T16:00:00Z'), end: new Date('2026-11-24T16:30:00Z') }],
    };
    expect(firstFittingSlot(next, wish({ durationMinutes: 60 }), opts)).not.toBeNull();
    expect(
      firstFittingSlot(next, wish({ durationMinutes: 60, bufferAfterMinutes: 5 }), opts),
    ).toBeNull();
  });

  it('an offered time’s blocked range never meets a busy range, for any buffers', () => {
    const range = fc
      .record({ start: instant, minutes: fc.integer({ min: 5, max: 240 }) })
      .map((r) => ({ start: r.start, end: new Date(+r.start + r.minutes * MINUTE_MS) }));
    fc.assert(
      fc.property(
        wishArb,
        openingArb,
        fc.array(range, { maxLength: 4 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (w, o, busy, before, after) => {
          const open: Opening = {
            agentId: o.agentId,
            start: o.start,
            end: new Date(+o.start + o.minutes * MINUTE_MS),
            busy,
          };
          const asked = { ...w, bufferBeforeMinutes: before, bufferAfterMinutes: after };
          const slot = firstFittingSlot(open, asked, { timeZone: 'UTC', now: new Date(0) });
          if (!slot) return;
          const from = +slot.start - before * MINUTE_MS;
          const to = +slot.end + after * MINUTE_MS;
          for (const b of busy) expect(+b.end <= from || +b.start >= to).toBe(true);
        },
      ),
    );
  });
});

describe('matching, for any wish, opening, zone and clock', () => {
  it('a slot found keeps every rule', () => {
    fc.assert(
      fc.property(
        wishArb,
        openingArb,
        fc.constantFrom(...ZONES),
        instant,
        (w, o, timeZone, now) => {
          const open: Opening = {
            agentId: o.agentId,
            start: o.start,
            end: new Date(+o.start + o.minutes * MINUTE_MS),
          };
          const slot = firstFittingSlot(open, w, { timeZone, now });
          if (!slot) return;
          expect(w.agentId === null || w.agentId === open.agentId).toBe(true);
          expect(+slot.end - +slot.start).toBe(w.durationMinutes * MINUTE_MS);
          expect(+slot.start).toBeGreaterThanOrEqual(+open.start);
          expect(+slot.end).toBeLessThanOrEqual(+open.end);
          expect(+slot.start).toBeGreaterThanOrEqual(+now);
          const day = localDateKeyOf(slot.start, timeZone);
          expect(day >= w.windowFrom && day <= w.windowTo).toBe(true);
          if (w.weekdays.length) {
            expect(w.weekdays).toContain(new TZDate(+slot.start, timeZone).getDay());
          }
          if (w.timesOfDay.length)
            expect(w.timesOfDay).toContain(timeOfDayOf(slot.start, timeZone));
        },
      ),
    );
  });

  it('a wish without preferences and a wide window gets the opening’s first start when it fits', () => {
    fc.assert(
      fc.property(openingArb, fc.constantFrom(...ZONES), (o, timeZone) => {
        const open: Opening = {
          agentId: o.agentId,
          start: o.start,
          end: new Date(+o.start + o.minutes * MINUTE_MS),
        };
        const w = wish({ windowFrom: '2025-12-01', windowTo: '2028-01-31', durationMinutes: 15 });
        const slot = firstFittingSlot(open, w, { timeZone, now: new Date(+o.start - 1) });
        expect(slot?.start ?? null).toEqual(o.minutes >= 15 ? o.start : null);
      }),
    );
  });

  it('orders urgent first, then the oldest, and offers each match once', () => {
    fc.assert(
      fc.property(fc.array(wishArb, { maxLength: 20 }), openingArb, (wishes, o) => {
        const open: Opening = {
          agentId: o.agentId,
          start: o.start,
          end: new Date(+o.start + o.minutes * MINUTE_MS),
        };
        const matches = matchOpening(open, wishes, { timeZone: NY, now: new Date(0) });
        for (let i = 1; i < matches.length; i++) {
          expect(compareWishes(matches[i - 1]!.wish, matches[i]!.wish)).toBeLessThanOrEqual(0);
          const [a, b] = [matches[i - 1]!.wish, matches[i]!.wish];
          if (a.priority !== b.priority) expect(a.priority).toBe('urgent');
          else expect(+a.createdAt).toBeLessThanOrEqual(+b.createdAt);
        }
        expect(new Set(matches.map((m) => m.wish.id)).size).toBe(matches.length);
        const suited = wishes.filter(
          (w) => firstFittingSlot(open, w, { timeZone: NY, now: new Date(0) }) !== null,
        );
        expect(matches.length).toBe(suited.length);
      }),
    );
  });

  it('an offer never holds past its start nor longer than the hold time', () => {
    fc.assert(
      fc.property(instant, instant, fc.integer({ min: 5, max: 10_080 }), (now, start, hold) => {
        const expiry = offerExpiry(now, hold, start);
        expect(+expiry).toBeLessThanOrEqual(+start);
        expect(+expiry).toBeLessThanOrEqual(+now + hold * MINUTE_MS);
        expect(+expiry === +start || +expiry === +now + hold * MINUTE_MS).toBe(true);
      }),
    );
  });
});

describe('gainedIntervals', () => {
  const iv = (a: number, b: number) => ({
    start: new Date(a * MINUTE_MS),
    end: new Date(b * MINUTE_MS),
  });

  it('is the new time not covered by the old', () => {
    expect(gainedIntervals([iv(60, 120)], [iv(0, 180)])).toEqual([iv(0, 60), iv(120, 180)]);
    expect(gainedIntervals([iv(0, 180)], [iv(60, 120)])).toEqual([]);
    expect(gainedIntervals([], [iv(0, 30)])).toEqual([iv(0, 30)]);
  });

  it('never overlaps the old time and stays inside the new', () => {
    const ivs = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 200 })), {
        maxLength: 6,
      })
      .map((pairs) => {
        // Disjoint, sorted intervals.
        let at = 0;
        return pairs.map(([gap, len]) => {
          const start = at + gap;
          at = start + len;
          return iv(start, at);
        });
      });
    fc.assert(
      fc.property(ivs, ivs, (before, after) => {
        for (const g of gainedIntervals(before, after)) {
          expect(+g.end).toBeGreaterThan(+g.start);
          expect(before.some((b) => +b.start < +g.end && +g.start < +b.end)).toBe(false);
          expect(after.some((a) => +a.start <= +g.start && +g.end <= +a.end)).toBe(true);
        }
      }),
    );
  });
});

describe('freedTime', () => {
  const before = {
    clinicId: 'c',
    staffId: 'p1',
    startAt: new Date('2026-11-24T15:00:00Z'),
    endAt: new Date('2026-11-24T16:00:00Z'),
    status: 'CONFIRMED',
  };
  it('frees all of a cancelled time, the part a move does not keep, and nothing else', () => {
    expect(freedTime(before, { status: 'CANCELLED' })).toEqual([
      { agentId: 'p1', slot: { start: before.startAt, end: before.endAt }, source: 'cancelled' },
    ]);
    // Moved 30 minutes later with the same agent: the first half is free.
    expect(
      freedTime(before, {
        startAt: new Date('2026-11-24T15:30:00Z'),
        endAt: new Date('2026-11-24T16:30:00Z'),
        status: 'BOOKED',
      }),
    ).toEqual([
      {
        agentId: 'p1',
        slot: { start: before.startAt, end: new Date('2026-11-24T15:30:00Z') },
        source: 'rescheduled',
      },
    ]);
    // Reassigned: the old agent's whole time is free.
    expect(freedTime(before, { staffId: 'p2' })).toHaveLength(1);
    expect(freedTime(before, { status: 'COMPLETED' })).toEqual([]);
    expect(freedTime({ ...before, status: 'CANCELLED' }, { status: 'CANCELLED' })).toEqual([]);
    expect(freedTime(before, {})).toEqual([]);
  });
});

describe('freedTime, for any change of an appointment', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24) + minutes * MINUTE_MS);
  const times = fc
    .tuple(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 5, max: 240 }))
    .map(([from, length]) => ({ startAt: at(from), endAt: at(from + length) }));
  const appointment = (status: fc.Arbitrary<string>) =>
    fc
      .record({ staffId: fc.constantFrom(AGENT, OTHER), status, times })
      .map(({ times: t, ...rest }) => ({ ...rest, ...t }));
  const open = appointment(fc.constantFrom(...OPEN_STATUSES));
  const ENDED = ['COMPLETED', 'NO_SHOW', 'DISQUALIFIED'];
  const minutesOf = (slots: Array<{ start: Date; end: Date }>) =>
    slots.reduce((sum, s) => sum + (+s.end - +s.start), 0) / MINUTE_MS;

  it('a cancel frees the whole time, in either spelling; a visit that ended frees none', () => {
    fc.assert(
      fc.property(
        open,
        fc.constantFrom('CANCELLED', 'cancelled'),
        fc.constantFrom(...ENDED),
        (before, cancelled, ended) => {
          expect(freedTime(before, { status: cancelled })).toEqual([
            {
              agentId: before.staffId,
              slot: { start: before.startAt, end: before.endAt },
              source: 'cancelled',
            },
          ]);
          expect(freedTime(before, { status: ended })).toEqual([]);
        },
      ),
    );
  });

  it('a move frees exactly the old time the new one does not keep, in order', () => {
    fc.assert(
      fc.property(open, times, fc.constantFrom(...OPEN_STATUSES), (before, moved, status) => {
        const freed = freedTime(before, { ...moved, status });
        const overlap = Math.max(
          0,
          Math.min(+before.endAt, +moved.endAt) - Math.max(+before.startAt, +moved.startAt),
        );
        expect(minutesOf(freed.map((f) => f.slot)) * MINUTE_MS + overlap).toBe(
          +before.endAt - +before.startAt,
        );
        for (const [i, f] of freed.entries()) {
          expect(f).toMatchObject({ agentId: before.staffId, source: 'rescheduled' });
          expect(+f.slot.end).toBeGreaterThan(+f.slot.start);
          expect(+f.slot.start).toBeGreaterThanOrEqual(+before.startAt);
          expect(+f.slot.end).toBeLessThanOrEqual(+before.endAt);
          expect(+f.slot.start < +moved.endAt && +moved.startAt < +f.slot.end).toBe(false);
          if (i > 0) expect(+f.slot.start).toBeGreaterThanOrEqual(+freed[i - 1]!.slot.end);
        }
      }),
    );
  });

  it('a move to another agent frees all the old agent’s time, wherever it goes', () => {
    fc.assert(
      fc.property(open, fc.option(times, { nil: undefined }), (before, moved) => {
        const staffId = before.staffId === AGENT ? OTHER : AGENT;
        expect(freedTime(before, { ...moved, staffId })).toEqual([
          {
            agentId: before.staffId,
            slot: { start: before.startAt, end: before.endAt },
            source: 'rescheduled',
          },
        ]);
      }),
    );
  });

  it('frees nothing of an appointment already cancelled or ended, whatever the change', () => {
    fc.assert(
      fc.property(
        appointment(fc.constantFrom('CANCELLED', ...ENDED)),
        fc.record(
          {
            staffId: fc.constantFrom(AGENT, OTHER),
            status: fc.constantFrom('CANCELLED', 'BOOKED', ...ENDED),
          },
          { requiredKeys: [] },
        ),
        times,
        (before, change, moved) => {
          expect(freedTime(before, { ...moved, ...change })).toEqual([]);
        },
      ),
    );
  });
});
