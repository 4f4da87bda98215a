import { availabilityAround, mergeIntervals, type MsInterval, type Schedule } from './schedule';
import { DAY_MS, MINUTE_MS } from './zoned-time';

export interface SlotAgent {
  id: string;
  name: string;
  email: string;
  schedule: Schedule;
}

/** An appointment or a hold that holds an agent's time (see ACTIVE_STATUSES). */
export interface AgentBooking {
  agentId: string;
  start: Date;
  end: Date;
  /** The buffers it keeps free around itself, its service's when it was booked (default 0). */
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
}

/** A time an agent is busy in an outside calendar (ADR 053): it blocks like a booking. */
export interface OutsideBusy {
  agentId: string;
  start: Date;
  end: Date;
}

export interface SlotQuery {
  agents: readonly SlotAgent[];
  bookings: readonly AgentBooking[];
  /**
   * Busy times from the agents' outside calendars. They remove slots as bookings do; a booking
   * check tells them apart ('outside_busy'), as staff may book over them on purpose.
   */
  outsideBusy?: readonly OutsideBusy[];
  /** Slots whose start lies in [rangeStart, rangeEnd) are offered; they may end after rangeEnd. */
  rangeStart: Date;
  rangeEnd: Date;
  now: Date;
  slotMinutes: number;
  /** Distance between offered starts; defaults to slotMinutes (back-to-back slots). */
  stepMinutes?: number;
  minNoticeMinutes: number;
  /** Starts must come before now + horizonDays × 24 h (elapsed time, not calendar days). */
  horizonDays: number;
  /**
   * The buffers of what is being booked (its service's). A time is free when its blocked range,
   * [start − before, end + after), overlaps no booking's own blocked range: buffers never overlap
   * each other, as the exclusion constraint decides (ADR 044).
   */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

/** Spec §3 "Time slot", with ISO 8601 instants. */
export interface TimeSlot {
  slotId: string;
  timestamp: string;
  startTime: string;
  endTime: string;
  agentId: string;
  agentName: string;
  agentEmail: string;
  durationMinutes: number;
  /** The room or equipment a booking of this time would get (ADR 045); absent: none needed. */
  resourceId?: string | null;
}

export const SLOT_REJECTIONS = [
  'outside_availability',
  'taken',
  'too_soon',
  'beyond_horizon',
  /** Free here, but busy in the agent's outside calendar (ADR 053). */
  'outside_busy',
] as const;
export type SlotRejection = (typeof SLOT_REJECTIONS)[number];
export type SlotCheck = { ok: true } | { ok: false; reason: SlotRejection };

/** Deterministic, so the picker's choice can be matched against a fresh computation. */
export function slotIdOf(agentId: string, start: Date | string): string {
  return `${agentId}:${typeof start === 'string' ? start : start.toISOString()}`;
}

function requirePositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive whole number of minutes`);
  }
}

function requireNonNegative(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be zero or more`);
}

function checkSettings(query: SlotQuery): void {
  requirePositiveInteger('slotMinutes', query.slotMinutes);
  if (query.stepMinutes !== undefined) requirePositiveInteger('stepMinutes', query.stepMinutes);
  requireNonNegative('minNoticeMinutes', query.minNoticeMinutes);
  requireNonNegative('horizonDays', query.horizonDays);
  requireNonNegative('bufferBeforeMinutes', query.bufferBeforeMinutes);
  requireNonNegative('bufferAfterMinutes', query.bufferAfterMinutes);
}

/** The window in which a start is allowed by notice and horizon: [earliest, latest). */
function startWindow(query: SlotQuery): { earliest: number; latest: number } {
  const now = query.now.getTime();
  return {
    earliest: now + query.minNoticeMinutes * MINUTE_MS,
    latest: now + query.horizonDays * DAY_MS,
  };
}

/**
 * Each agent's bookings widened by their own buffers (their blocked ranges), then sorted and
 * merged: a disjoint, ordered list lets the slot sweep advance one pointer instead of testing
 * every booking per slot. Bookings that are empty or unreadable hold no time.
 */
function busyByAgent(
  query: SlotQuery,
  agentIds?: ReadonlySet<string>,
  bookings: readonly AgentBooking[] = query.bookings,
): Map<string, MsInterval[]> {
  const raw = new Map<string, MsInterval[]>();
  for (const booking of bookings) {
    if (agentIds && !agentIds.has(booking.agentId)) continue;
    const start = booking.start.getTime();
    const end = booking.end.getTime();
    if (!(end > start)) continue;
    const before = (booking.bufferBeforeMinutes ?? 0) * MINUTE_MS;
    const after = (booking.bufferAfterMinutes ?? 0) * MINUTE_MS;
    const list = raw.get(booking.agentId) ?? [];
    list.push({ start: start - before, end: end + after });
    raw.set(booking.agentId, list);
  }
  const merged = new Map<string, MsInterval[]>();
  for (const [agentId, list] of raw) merged.set(agentId, mergeIntervals(list));
  return merged;
}

interface RawSlot {
  start: number;
  agent: SlotAgent;
}

/** Whole steps from `anchor` to the first grid point at or after `start`. */
function stepsAfter(anchor: number, start: number, stepMs: number): number {
  return start > anchor ? Math.ceil((start - anchor) / stepMs) : 0;
}

/**
 * Starts are aligned to the beginning of each merged availability interval plus whole steps,
 * so a 09:00–17:00 day offers 09:00, 09:30 … whatever the range or the current time; notice,
 * range and bookings only remove candidates, they never shift the grid (after a booking the
 * next offered start is the next grid point past it). An interval that runs across local
 * midnight without a break keeps one grid from its start within the days looked at.
 */
function slotsForAgent(
  agent: SlotAgent,
  busy: readonly MsInterval[],
  from: number,
  to: number,
  slotMs: number,
  stepMs: number,
  buffers: { before: number; after: number },
  out: RawSlot[],
): void {
  let b = 0;
  // Availability up to to + slotMs: a slot starting just before `to` still has to fit.
  for (const interval of availabilityAround(agent.schedule, from, to + slotMs)) {
    const anchor = interval.start;
    let start = anchor + stepsAfter(anchor, from, stepMs) * stepMs;
    while (start < to && start + slotMs <= interval.end) {
      // The slot's own blocked range against the bookings' blocked ranges.
      while (b < busy.length && busy[b]!.end <= start - buffers.before) b++;
      const blocking = busy[b];
      if (blocking && blocking.start < start + slotMs + buffers.after) {
        start = anchor + stepsAfter(anchor, blocking.end + buffers.before, stepMs) * stepMs;
        continue;
      }
      out.push({ start, agent });
      start += stepMs;
    }
  }
}

/**
 * Every bookable slot for the given agents, ordered by start and then agent name. A slot lies
 * wholly inside its agent's availability, overlaps none of the agent's bookings widened by the
 * buffers, starts no earlier than now + notice, and starts before now + horizon.
 */
export function computeAvailableSlots(query: SlotQuery): TimeSlot[] {
  checkSettings(query);
  const slotMs = query.slotMinutes * MINUTE_MS;
  const stepMs = (query.stepMinutes ?? query.slotMinutes) * MINUTE_MS;
  const { earliest, latest } = startWindow(query);
  const from = Math.max(query.rangeStart.getTime(), earliest);
  const to = Math.min(query.rangeEnd.getTime(), latest);
  if (!(to > from)) return [];

  const outside = query.outsideBusy ?? [];
  const busy = busyByAgent(
    query,
    new Set(query.agents.map((agent) => agent.id)),
    outside.length === 0 ? query.bookings : [...query.bookings, ...outside],
  );
  const buffers = {
    before: query.bufferBeforeMinutes * MINUTE_MS,
    after: query.bufferAfterMinutes * MINUTE_MS,
  };
  const raw: RawSlot[] = [];
  for (const agent of query.agents) {
    slotsForAgent(agent, busy.get(agent.id) ?? [], from, to, slotMs, stepMs, buffers, raw);
  }

  raw.sort(
    (a, b) =>
      a.start - b.start ||
      compareText(a.agent.name, b.agent.name) ||
      compareText(a.agent.id, b.agent.id),
  );
  // Agents share start times, and toISOString is a measurable part of a 50-agent week.
  const isoCache = new Map<number, string>();
  const iso = (ms: number) => {
    let text = isoCache.get(ms);
    if (text === undefined) isoCache.set(ms, (text = new Date(ms).toISOString()));
    return text;
  };
  return raw.map(({ start, agent }) => {
    const startIso = iso(start);
    return {
      slotId: slotIdOf(agent.id, startIso),
      timestamp: startIso,
      startTime: startIso,
      endTime: iso(start + slotMs),
      agentId: agent.id,
      agentName: agent.name,
      agentEmail: agent.email,
      durationMinutes: query.slotMinutes,
    };
  });
}

/**
 * Until when (epoch ms, exclusive) `slots`, the answer of computeAvailableSlots(query), is the
 * answer at any later `now` with nothing else changed. Time alone changes an answer in two ways:
 * the notice passes the earliest offered start, which then goes; and the horizon moves past the
 * range's end, letting later starts in. The starts the engine can offer do not depend on `now`
 * (the grid is anchored to the availability), notice and horizon only cut them, so the answer
 * stands until the first offered start enters the notice, unless the horizon cuts the range, in
 * which case it stands for no later instant at all. Holds expire outside the engine: a caller
 * reusing an answer also stops at the first expiry among the holds counted in `bookings`.
 */
export function slotsStableUntil(query: SlotQuery, slots: readonly TimeSlot[]): number {
  const now = query.now.getTime();
  const { latest } = startWindow(query);
  if (latest < query.rangeEnd.getTime()) return now;
  const first = slots[0];
  if (!first) return Infinity;
  return Date.parse(first.startTime) - query.minNoticeMinutes * MINUTE_MS + 1;
}

// Code-unit order rather than localeCompare: the same on every server and browser.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Whether `agentId` can take an appointment of `durationMinutes` at `start`: the server's
 * booking check, built from the same rules as computeAvailableSlots so that whatever the picker
 * offers is accepted. Unlike the picker it needs no grid alignment (a start of 09:10 inside
 * free availability is fine) and ignores rangeStart/rangeEnd and slotMinutes/stepMinutes.
 * Checks run cheapest first: too_soon, beyond_horizon, outside_availability (also for an
 * unknown agent, who has no availability), taken, outside_busy.
 */
export function isSlotBookable(
  query: SlotQuery,
  agentId: string,
  start: Date,
  durationMinutes: number,
): SlotCheck {
  checkSettings(query);
  requirePositiveInteger('durationMinutes', durationMinutes);
  const startMs = start.getTime();
  const endMs = startMs + durationMinutes * MINUTE_MS;
  const { earliest, latest } = startWindow(query);
  if (Number.isNaN(startMs) || startMs < earliest) return { ok: false, reason: 'too_soon' };
  if (startMs >= latest) return { ok: false, reason: 'beyond_horizon' };

  const agent = query.agents.find((candidate) => candidate.id === agentId);
  const fits =
    agent !== undefined &&
    availabilityAround(agent.schedule, startMs, endMs).some(
      (interval) => interval.start <= startMs && endMs <= interval.end,
    );
  if (!fits) return { ok: false, reason: 'outside_availability' };

  const blockedFrom = startMs - query.bufferBeforeMinutes * MINUTE_MS;
  const blockedTo = endMs + query.bufferAfterMinutes * MINUTE_MS;
  const blocks = (list: readonly AgentBooking[]) =>
    (busyByAgent(query, new Set([agentId]), list).get(agentId) ?? []).some(
      (interval) => interval.start < blockedTo && blockedFrom < interval.end,
    );
  if (blocks(query.bookings)) return { ok: false, reason: 'taken' };
  // Checked last: a time both booked here and busy outside is, to a person, taken.
  if (blocks(query.outsideBusy ?? [])) return { ok: false, reason: 'outside_busy' };
  return { ok: true };
}
