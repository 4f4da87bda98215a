import { statusLabel } from '@domain/appointment-status';
import { MINUTE_MS } from '@domain/zoned-time';
import { formatDateWithWeekday, formatTime, formatTimeRange, localDateKey } from '@domain/format';
import { formatRelativeTime, formatTimeUntil } from '@domain/relative-time';
import type { PatientSessionView } from '@contracts/session';

export type VisitState = PatientSessionView['state'];

export type VisitTiming = Pick<
  PatientSessionView,
  'start' | 'durationMinutes' | 'status' | 'state' | 'joinOpensAt' | 'joinClosesAt'
>;

/**
 * The gap between the server's clock and this device's, from one answer: the server read its
 * clock somewhere between sending and receiving, so the midpoint is the best guess. A phone set
 * ten minutes wrong would otherwise count down to the wrong moment.
 */
export function clockOffsetMs(serverNow: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverNow);
  if (Number.isNaN(server)) return 0;
  return Math.round(server - (sentAt + receivedAt) / 2);
}

/**
 * The server's answer, carried forward by the (corrected) clock until the next refresh, so the
 * Join button appears the moment the window opens rather than at the next poll. The server has
 * the last word when the patient actually joins.
 */
export function currentVisitState(visit: VisitTiming, now: Date): VisitState {
  const opensAt = Date.parse(visit.joinOpensAt);
  const closesAt = Date.parse(visit.joinClosesAt);
  const t = now.getTime();
  if (visit.state === 'too_early' && t >= opensAt) return t >= closesAt ? 'ended' : 'open';
  if (visit.state === 'open' && t >= closesAt) return 'ended';
  return visit.state;
}

export interface VisitDescription {
  state: VisitState;
  date: string;
  time: string;
  duration: string;
  status: string;
  /** "Starts in 5 minutes", "Started 3 minutes ago"; null once the visit is over or cancelled. */
  countdown: string | null;
  /** "You can join from 2:50 PM (in 5 minutes)" before the window; null otherwise. */
  joinFrom: string | null;
  /** "2:50 PM" or "2:50 PM on Tuesday, November 24, 2026" when that is another day. */
  opensAt: string;
  /** "in 5 minutes" (rounded up: never "in 0 minutes"), "now", or "3 minutes ago" once open. */
  opensIn: string;
  closesAt: string;
}

function moment(at: Date, now: Date, timeZone: string): string {
  const time = formatTime(at, timeZone);
  return localDateKey(at, timeZone) === localDateKey(now, timeZone)
    ? time
    : `${time} on ${formatDateWithWeekday(at, timeZone)}`;
}

/** What a visit page says about the time and the join window, in the viewer's zone. */
export function describeVisit(visit: VisitTiming, now: Date, timeZone: string): VisitDescription {
  const state = currentVisitState(visit, now);
  const start = new Date(visit.start);
  const opensAt = new Date(visit.joinOpensAt);
  const live = state === 'too_early' || state === 'open';
  const opensText = moment(opensAt, now, timeZone);
  const opensIn = formatTimeUntil(opensAt, now);
  return {
    state,
    date: formatDateWithWeekday(start, timeZone),
    time: formatTimeRange(start, visit.durationMinutes, timeZone),
    duration: `${visit.durationMinutes} minutes`,
    status: statusLabel(visit.status),
    countdown: live
      ? start.getTime() > now.getTime() - MINUTE_MS
        ? `Starts ${formatTimeUntil(start, now)}`
        : `Started ${formatRelativeTime(start, now)}`
      : null,
    joinFrom: state === 'too_early' ? `You can join from ${opensText} (${opensIn})` : null,
    opensAt: opensText,
    opensIn,
    closesAt: moment(new Date(visit.joinClosesAt), now, timeZone),
  };
}

/** "Eastern Standard Time", or the zone's id when the browser has no name for it. */
export function timeZoneName(timeZone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** "Tuesday, November 24, 2026 · 3:00 PM – 3:30 PM" */
export function formatVisitHeading(
  visit: Pick<VisitTiming, 'start' | 'durationMinutes'>,
  timeZone: string,
): string {
  return `${formatDateWithWeekday(visit.start, timeZone)} · ${formatTimeRange(visit.start, visit.durationMinutes, timeZone)}`;
}
