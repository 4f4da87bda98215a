// The waitlist's rules: what time a change frees, which waiting patients it suits, at which
// start, in which order, and how long an offer holds. Pure: the clock and the clinic's zone are
// parameters.
import { TZDate } from '@date-fns/tz';
import { isOpenStatus, normalizeStatus } from './appointment-status';
import { compareDateKeys, localDateKeyOf, MINUTE_MS, type DateKey } from './zoned-time';

export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

export const WAITLIST_PRIORITIES = ['normal', 'urgent'] as const;
export type WaitlistPriority = (typeof WAITLIST_PRIORITIES)[number];

/** Where a day's parts begin, in minutes after midnight on the clinic's clock. */
export const AFTERNOON_FROM_MINUTES = 12 * 60;
export const EVENING_FROM_MINUTES = 17 * 60;

/** How many offers of one freed time are open at once, and how long each holds, by default. */
export const DEFAULT_OFFERS_AT_ONCE = 1;
export const MAX_OFFERS_AT_ONCE = 10;
export const DEFAULT_OFFER_HOLD_MINUTES = 120;
export const MIN_OFFER_HOLD_MINUTES = 5;
export const MAX_OFFER_HOLD_MINUTES = 7 * 24 * 60;

/** Steps between the starts tried inside a longer freed time, unless the clinic says otherwise. */
export const DEFAULT_OPENING_STEP_MINUTES = 15;

/** The part of the day a start falls in, on the clinic's clock. */
export function timeOfDayOf(instant: Date | number, timeZone: string): TimeOfDay {
  const local = new TZDate(+instant, timeZone);
  const minutes = local.getHours() * 60 + local.getMinutes();
  if (minutes < AFTERNOON_FROM_MINUTES) return 'morning';
  if (minutes < EVENING_FROM_MINUTES) return 'afternoon';
  return 'evening';
}

/** One waiting patient's wishes, as matching needs them. */
export interface WaitlistWish {
  id: string;
  /** Null: any agent of the clinic. */
  agentId: string | null;
  durationMinutes: number;
  /** The first and last dates (clinic calendar) the patient could come, both included. */
  windowFrom: DateKey;
  windowTo: DateKey;
  /** 0 (Sunday) … 6; empty means any weekday. */
  weekdays: readonly number[];
  /** Empty means any time of day. */
  timesOfDay: readonly TimeOfDay[];
  priority: WaitlistPriority;
  createdAt: Date;
  /** The buffers of the service waited for (ADR 044); none when absent. */
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
}

/** A freed interval of one agent's time. */
export interface Opening {
  agentId: string;
  start: Date;
  end: Date;
  /**
   * The blocked ranges (a visit with its own buffers) of the agent's other bookings near the
   * opening: an offered visit's own blocked range must meet none of them, as the exclusion
   * constraint will decide when the offer is accepted (ADR 044).
   */
  busy?: readonly Slot[];
}

export interface MatchOptions<W extends WaitlistWish = WaitlistWish> {
  timeZone: string;
  now: Date;
  /**
   * What else a start must pass for this wish, besides the agent's time: a room or machine its
   * service needs being free then (ADR 045). None: the agent's time is enough.
   */
  fits?: (wish: W, slot: Slot) => boolean;
  /** Starts inside the opening are tried this far apart, from its start. */
  stepMinutes?: number;
  /** A start must be at least this far after now (the clinic's minimum notice). */
  minNoticeMinutes?: number;
}

export interface Slot {
  start: Date;
  end: Date;
}

/**
 * The earliest start inside the opening that suits the wish: same agent (or any), the whole
 * duration inside the opening, its buffers clear of the agent's other bookings' blocked ranges,
 * the day inside the window, a wished weekday and time of day on the clinic's clock, and not in
 * the past. Null when none does.
 */
export function firstFittingSlot<W extends WaitlistWish>(
  opening: Opening,
  wish: W,
  options: MatchOptions<W>,
): Slot | null {
  if (wish.agentId !== null && wish.agentId !== opening.agentId) return null;
  if (!(wish.durationMinutes > 0)) return null;
  const step = Math.max(1, options.stepMinutes ?? DEFAULT_OPENING_STEP_MINUTES) * MINUTE_MS;
  const earliest = options.now.getTime() + (options.minNoticeMinutes ?? 0) * MINUTE_MS;
  const length = wish.durationMinutes * MINUTE_MS;
  const before = (wish.bufferBeforeMinutes ?? 0) * MINUTE_MS;
  const after = (wish.bufferAfterMinutes ?? 0) * MINUTE_MS;
  const busy = opening.busy ?? [];
  const clear = (start: number) =>
    busy.every((b) => +b.end <= start - before || +b.start >= start + length + after);
  for (
    let start = opening.start.getTime();
    start + length <= opening.end.getTime();
    start += step
  ) {
    if (start < earliest || !clear(start)) continue;
    if (!suitsWish(start, wish, options.timeZone)) continue;
    const slot = { start: new Date(start), end: new Date(start + length) };
    if (!options.fits || options.fits(wish, slot)) return slot;
  }
  return null;
}

function suitsWish(start: number, wish: WaitlistWish, timeZone: string): boolean {
  const day = localDateKeyOf(start, timeZone);
  if (compareDateKeys(day, wish.windowFrom) < 0 || compareDateKeys(day, wish.windowTo) > 0) {
    return false;
  }
  if (wish.weekdays.length > 0) {
    const weekday = new TZDate(start, timeZone).getDay();
    if (!wish.weekdays.includes(weekday)) return false;
  }
  if (wish.timesOfDay.length > 0 && !wish.timesOfDay.includes(timeOfDayOf(start, timeZone))) {
    return false;
  }
  return true;
}

/** Urgent before normal, then whoever has waited longest; the id settles exact ties. */
export function compareWishes(a: WaitlistWish, b: WaitlistWish): number {
  const urgency = Number(b.priority === 'urgent') - Number(a.priority === 'urgent');
  if (urgency !== 0) return urgency;
  const age = a.createdAt.getTime() - b.createdAt.getTime();
  if (age !== 0) return age;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface Match<W extends WaitlistWish = WaitlistWish> {
  wish: W;
  slot: Slot;
}

/** Every wish the opening suits, in the order offers go out, each with its slot. */
export function matchOpening<W extends WaitlistWish>(
  opening: Opening,
  wishes: readonly W[],
  options: MatchOptions<W>,
): Match<W>[] {
  return [...wishes].sort(compareWishes).flatMap((wish) => {
    const slot = firstFittingSlot(opening, wish, options);
    return slot ? [{ wish, slot }] : [];
  });
}

/** An offer holds for the clinic's hold time, but never past the start of the time it offers. */
export function offerExpiry(now: Date, holdMinutes: number, start: Date): Date {
  return new Date(Math.min(now.getTime() + holdMinutes * MINUTE_MS, start.getTime()));
}

/** Whether a waiting entry is still active on `today` (clinic calendar): its window not past. */
export function isWindowOpen(windowTo: DateKey, today: DateKey): boolean {
  return compareDateKeys(windowTo, today) >= 0;
}

/**
 * The parts of `after` not covered by `before`: the time an agent gained when their hours
 * changed. Both lists hold disjoint intervals; the answer does too, in order.
 */
export function gainedIntervals(before: readonly Slot[], after: readonly Slot[]): Slot[] {
  const gained: Slot[] = [];
  for (const interval of [...after].sort((a, b) => +a.start - +b.start)) {
    let pieces: Slot[] = [interval];
    for (const old of before) {
      pieces = pieces.flatMap((p) => {
        if (+old.end <= +p.start || +old.start >= +p.end) return [p];
        const rest: Slot[] = [];
        if (+old.start > +p.start) rest.push({ start: p.start, end: old.start });
        if (+old.end < +p.end) rest.push({ start: old.end, end: p.end });
        return rest;
      });
    }
    gained.push(...pieces);
  }
  return gained;
}

/** An appointment's time, owner and status, before a change or as the change sets them. */
export interface AppointmentTimes {
  staffId: string;
  startAt: Date;
  endAt: Date;
  status: string;
}

/** A piece of an agent's time an appointment change gave back. */
export interface FreedTime {
  agentId: string;
  slot: Slot;
  source: 'cancelled' | 'rescheduled';
}

/**
 * The time an appointment change leaves free: all of it on a cancel, the part not kept on a
 * move. A visit ended otherwise (completed, missed) still took its time, so frees none. Past
 * and future alike: the caller drops what has already begun.
 */
export function freedTime(before: AppointmentTimes, after: Partial<AppointmentTimes>): FreedTime[] {
  if (!isOpenStatus(before.status)) return [];
  const old: Slot = { start: before.startAt, end: before.endAt };
  const status = normalizeStatus(after.status ?? before.status);
  if (!isOpenStatus(status)) {
    return status === 'CANCELLED'
      ? [{ agentId: before.staffId, slot: old, source: 'cancelled' }]
      : [];
  }
  const staffId = after.staffId ?? before.staffId;
  const kept: Slot[] =
    staffId === before.staffId
      ? [{ start: after.startAt ?? before.startAt, end: after.endAt ?? before.endAt }]
      : [];
  return gainedIntervals(kept, [old]).map((slot) => ({
    agentId: before.staffId,
    slot,
    source: 'rescheduled' as const,
  }));
}
