import { isOpenStatus } from './appointment-status';
import { HOUR_MS } from './zoned-time';
import {
  phoneValue,
  spanOfHours,
  type PolicyAction,
  type PolicySentence,
  type PolicySentenceId,
} from './policy-sentences';

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
export function moveTooSoonSentence(
  noticeHours: number,
  clinic: { phone: string | null },
): PolicySentence {
  // A clinic without a number is not one to call: a later time is the way that remains.
  const span = noticeHours <= 0 ? { unit: 'none', count: 0 } : spanOfHours(noticeHours);
  return { id: 'selfService.moveTooSoon', values: { ...span, phone: phoneValue(clinic) } };
}

const REFUSAL_SENTENCE = {
  not_open: 'selfService.notOpen',
  closed_by_clinic: 'selfService.closedByClinic',
  past_cutoff: 'selfService.pastCutoff',
  move_limit: 'selfService.moveLimit',
} as const satisfies Record<SelfServiceRefusal, PolicySentenceId>;

/**
 * Said to the patient about a change they cannot make online, with the way that remains: a call
 * when the clinic gave a number, else the other ways its page shows (address, online booking).
 * The numbers are the clinic's policy: the cut-off as a span, the most moves as a count.
 */
export function selfServiceRefusalSentence(
  refusal: SelfServiceRefusal,
  action: PolicyAction,
  policy: Pick<SelfServicePolicy, 'cutoffHours' | 'maxReschedules'>,
  clinic: { phone: string | null },
): PolicySentence {
  const values: PolicySentence['values'] = { action, phone: phoneValue(clinic) };
  if (refusal === 'past_cutoff') Object.assign(values, spanOfHours(policy.cutoffHours));
  if (refusal === 'move_limit') values.count = policy.maxReschedules;
  return { id: REFUSAL_SENTENCE[refusal], values };
}
