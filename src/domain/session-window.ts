import { MINUTE_MS } from './zoned-time';
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
