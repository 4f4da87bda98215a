import { isOpenStatus } from './appointment-status';
import { HOUR_MS } from './zoned-time';
import { askTheClinic } from './clinic-reach';

/** What a clinic lets its patients do from their visit link (ADR 016). */
export interface SelfServicePolicy {
  allowReschedule: boolean;
  allowCancel: boolean;
  /** Online changes close this many hours before the start. */
  cutoffHours: number;
  /** How many times one appointment may be moved online. */
  maxReschedules: number;
}

export const DEFAULT_SELF_SERVICE_POLICY: SelfServicePolicy = {
  allowReschedule: true,
  allowCancel: true,
  cutoffHours: 24,
  maxReschedules: 2,
};
export const MAX_CUTOFF_HOURS = 720;
export const MAX_ONLINE_RESCHEDULES = 20;
/** The longest reason a patient may give when cancelling online. */
export const PATIENT_CANCEL_REASON_MAX = 500;

/** Why the patient cannot do it online; `null` in `SelfServiceState` means they can. */
export type SelfServiceRefusal = 'not_open' | 'closed_by_clinic' | 'past_cutoff' | 'move_limit';

export interface SelfServiceState {
  reschedule: SelfServiceRefusal | null;
  cancel: SelfServiceRefusal | null;
  /** When online changes close (the start less the cut-off). */
  cutoffAt: Date;
}

/**
 * What the patient may still change online. An appointment that is cancelled, marked or started
 * is `not_open`; then the clinic's switch, then the cut-off (changes close at `start - cutoff`,
 * that instant included), then, for a move only, the number of online moves already made.
 */
export function selfServiceState(
  appointment: { start: Date; status: string; onlineReschedules: number },
  policy: SelfServicePolicy,
  now: Date,
): SelfServiceState {
  const cutoffAt = new Date(appointment.start.getTime() - policy.cutoffHours * HOUR_MS);
  const open = isOpenStatus(appointment.status) && appointment.start > now;
  const common = (allowed: boolean): SelfServiceRefusal | null => {
    if (!open) return 'not_open';
    if (!allowed) return 'closed_by_clinic';
    if (now >= cutoffAt) return 'past_cutoff';
    return null;
  };
  // A limit of none is the clinic closing moves, and is said as such.
  const reschedule =
    common(policy.allowReschedule && policy.maxReschedules > 0) ??
    (appointment.onlineReschedules >= policy.maxReschedules ? 'move_limit' : null);
  return { reschedule, cancel: common(policy.allowCancel), cutoffAt };
}

/**
 * The earliest time a patient may move their visit to: the clinic's notice for online bookings
 * (a visit a patient picks online is one the clinic must be able to prepare for), and never
 * sooner than the server's own minimum notice.
 */
export function earliestPatientMove(now: Date, noticeHours: number, minNoticeMinutes = 0): Date {
  return new Date(now.getTime() + Math.max(noticeHours * HOUR_MS, minNoticeMinutes * 60_000));
}

/** Said when the chosen time is sooner than the clinic's notice allows. */
export function moveTooSoonText(noticeHours: number, clinic: { phone: string | null }): string {
  // A clinic without a number is not one to call: a later time is the way that remains.
  const way = clinic.phone
    ? 'Please choose a later time, or call the clinic.'
    : 'Please choose a later time.';
  if (noticeHours <= 0) return `This time is too soon to book online. ${way}`;
  const notice = noticeHours === 1 ? 'an hour’s' : `${hoursText(noticeHours)}’`;
  return `Your clinic needs at least ${notice} notice of a visit booked online. ${way}`;
}

/**
 * Said to the patient about a change they cannot make online, with the way that remains: a call
 * when the clinic gave a number, else the other ways its page shows (address, online booking).
 */
export function selfServiceRefusalText(
  refusal: SelfServiceRefusal,
  action: 'reschedule' | 'cancel' | 'both',
  policy: Pick<SelfServicePolicy, 'cutoffHours' | 'maxReschedules'>,
  clinic: { phone: string | null },
): string {
  const ask = askTheClinic(Boolean(clinic.phone));
  const verb =
    action === 'reschedule' ? 'moved' : action === 'cancel' ? 'cancelled' : 'moved or cancelled';
  switch (refusal) {
    case 'not_open':
      return `This appointment can no longer be ${verb}: it has started, ended or was cancelled.`;
    case 'closed_by_clinic':
      return `Your clinic does not take online changes. To have your appointment ${verb}, ${ask}.`;
    case 'past_cutoff':
      return `Online changes close ${hoursText(policy.cutoffHours)} before the visit. To have your appointment ${verb} now, ${ask}.`;
    case 'move_limit':
      return `This appointment has already been moved online ${timesText(policy.maxReschedules)}, the most your clinic allows. To move it again, ${ask}.`;
  }
}

function hoursText(hours: number): string {
  if (hours % 24 === 0 && hours >= 24) {
    const days = hours / 24;
    return days === 1 ? '24 hours' : `${days} days`;
  }
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

function timesText(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}
