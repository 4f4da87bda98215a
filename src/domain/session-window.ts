import { DAY_MS, MINUTE_MS } from './zoned-time';
import { normalizeStatus } from './appointment-status';

export type SessionJoinState = 'cancelled' | 'too_early' | 'open' | 'ended';

export interface SessionWindowSettings {
  /** Join opens this many minutes before the start (spec: a set time, default 10). */
  opensMinutesBefore: number;
  /** And closes this many minutes after the scheduled end, for visits that run over. */
  closesMinutesAfterEnd: number;
}

export interface SessionWindow {
  state: SessionJoinState;
  opensAt: Date;
  closesAt: Date;
}

/** When the patient may join their visit; a cancelled appointment never opens. */
export function sessionWindow(
  appointment: { start: Date; durationMinutes: number; status: string },
  now: Date,
  settings: SessionWindowSettings,
): SessionWindow {
  const opensAt = new Date(appointment.start.getTime() - settings.opensMinutesBefore * MINUTE_MS);
  const closesAt = new Date(
    appointment.start.getTime() +
      (appointment.durationMinutes + settings.closesMinutesAfterEnd) * MINUTE_MS,
  );
  const status = normalizeStatus(appointment.status);
  let state: SessionJoinState;
  if (status === 'CANCELLED') state = 'cancelled';
  else if (now < opensAt) state = 'too_early';
  else if (now >= closesAt || status === 'NO_SHOW' || status === 'DISQUALIFIED') state = 'ended';
  else state = 'open';
  return { state, opensAt, closesAt };
}

/** The patient sees their first name only: the page is reachable by anyone holding the link. */
export function firstNameOnly(firstName: string): string {
  return firstName.trim().split(/\s+/)[0] ?? '';
}

/**
 * A visit's video room holds the patient and the staff member the appointment is booked with,
 * nobody else: any other colleague, an admin included, is refused, so the patient always knows
 * who answered. Returns why `userId` may not join, or null when they may.
 */
export function visitJoinRefusal(
  userId: string,
  bookedWith: { id: string; name: string },
): string | null {
  return userId === bookedWith.id
    ? null
    : `Only ${bookedWith.name} can join this video visit: it is booked with them.`;
}

/**
 * A visit link stops opening the page `daysAfterEnd` days after the scheduled end, whatever
 * became of the appointment: an old message should not keep a door open for ever.
 */
export function isVisitLinkExpired(end: Date, now: Date, daysAfterEnd: number): boolean {
  return now.getTime() >= end.getTime() + daysAfterEnd * DAY_MS;
}
