// When an appointment's reminders fall due. Pure: the clock and the clinic's zone are parameters.

import { tzOffset } from '@date-fns/tz/tzOffset';
import {
  addDaysToKey,
  assertTimeZone,
  DAY_MS,
  localDateKeyOf,
  MINUTE_MS,
  MINUTES_PER_DAY,
  wallClockToUtc,
} from './zoned-time';

/** A clinic sends zero to this many reminders before each appointment. */
export const MAX_REMINDERS = 3;
/** The shortest and longest offset before the start a reminder may have, in minutes. */
export const MIN_REMINDER_OFFSET_MINUTES = 15;
export const MAX_REMINDER_OFFSET_MINUTES = 7 * MINUTES_PER_DAY;
/** A new clinic's policy: a day before, and two hours before. */
export const DEFAULT_REMINDER_OFFSETS_MINUTES: readonly number[] = [MINUTES_PER_DAY, 120];

export interface PlannedReminder {
  /** The policy's offset before the start this reminder stands for. */
  offsetMinutes: number;
  dueAt: Date;
}

/**
 * When the reminder `offsetMinutes` before `start` falls due, for a clinic in `timeZone`.
 *
 * Whole days are calendar days on the clinic's clocks: the reminder "a day before" a 9:00 AM visit
 * goes out at 9:00 AM the day before even when the clocks changed in between (then it is 23 or
 * 25 hours before). A wall time the clocks skip moves forward by the gap, as everywhere else
 * (wallClockToUtc). Any other offset is that many minutes before the start, exactly.
 */
export function reminderDueAt(start: Date, offsetMinutes: number, timeZone: string): Date {
  if (!Number.isInteger(offsetMinutes) || offsetMinutes <= 0) {
    throw new RangeError(
      `A reminder offset is a positive whole number of minutes: ${offsetMinutes}`,
    );
  }
  if (offsetMinutes % MINUTES_PER_DAY !== 0) {
    return new Date(start.getTime() - offsetMinutes * MINUTE_MS);
  }
  assertTimeZone(timeZone);
  // The start's wall clock in the zone, from its offset there: what a TZDate's hours and minutes
  // say, without building one for each booking's reminders.
  const wallMs = start.getTime() + tzOffset(timeZone, start) * MINUTE_MS;
  const wallMinutes = Math.floor((((wallMs % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
  const seconds = start.getTime() % MINUTE_MS;
  const day = addDaysToKey(localDateKeyOf(start, timeZone), -offsetMinutes / MINUTES_PER_DAY);
  return new Date(wallClockToUtc(day, wallMinutes, timeZone) + seconds);
}

/**
 * The reminders to schedule for an appointment starting at `start`, decided at `now`: one per
 * offset of the policy, soonest due first, leaving out those whose time has already passed (a
 * late booking gets no reminder it could only receive late). Duplicate offsets count once.
 */
export function planReminders(
  start: Date,
  offsetsMinutes: readonly number[],
  timeZone: string,
  now: Date,
): PlannedReminder[] {
  return [...new Set(offsetsMinutes)]
    .map((offsetMinutes) => ({
      offsetMinutes,
      dueAt: reminderDueAt(start, offsetMinutes, timeZone),
    }))
    .filter((r) => r.dueAt.getTime() > now.getTime() && r.dueAt.getTime() < start.getTime())
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || b.offsetMinutes - a.offsetMinutes);
}

/** Why a reminder that is due now may still not go out, or null when it may. */
export type ReminderHold = 'not-open' | 'started';

/**
 * Whether a due reminder may still be sent at `now`: only while the appointment is open (not
 * cancelled or marked) and has not started. A reminder that fell due while nothing was running
 * goes out late, but never for a visit that has begun.
 */
export function reminderHold(
  appointment: { start: Date; open: boolean },
  now: Date,
): ReminderHold | null {
  if (!appointment.open) return 'not-open';
  if (appointment.start.getTime() <= now.getTime()) return 'started';
  return null;
}

/** "1 day", "2 hours", "1 hour 30 minutes": how an offset reads in the clinic settings. */
export function describeReminderOffset(offsetMinutes: number): string {
  const days = Math.floor(offsetMinutes / MINUTES_PER_DAY);
  const hours = Math.floor((offsetMinutes % MINUTES_PER_DAY) / 60);
  const minutes = offsetMinutes % 60;
  const part = (n: number, unit: string) => (n === 0 ? [] : [`${n} ${unit}${n === 1 ? '' : 's'}`]);
  return [...part(days, 'day'), ...part(hours, 'hour'), ...part(minutes, 'minute')].join(' ');
}
