// Which webhook events an appointment change emits, read from the history entries the change
// writes: every change writes one, so a change added later emits its event without a hook of its
// own, as long as its history entry names what happened.

export const WEBHOOK_EVENTS = [
  'appointment.created',
  'appointment.rescheduled',
  'appointment.reassigned',
  'appointment.cancelled',
  'appointment.status_changed',
  'appointment.confirmed',
  /** Another field than those above changed: the patient, after two records were merged. */
  'appointment.updated',
  'waitlist.offered',
  'waitlist.accepted',
  'waitlist.declined',
  'waitlist.expired',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const BY_HISTORY_TYPE: Readonly<Record<string, WebhookEvent>> = {
  BOOKED: 'appointment.created',
  RESCHEDULE: 'appointment.rescheduled',
  REASSIGN: 'appointment.reassigned',
  CANCELLED: 'appointment.cancelled',
  CONFIRMED: 'appointment.confirmed',
  COMPLETED: 'appointment.status_changed',
  NO_SHOW: 'appointment.status_changed',
  DISQUALIFIED: 'appointment.status_changed',
  STATUS_CORRECTED: 'appointment.status_changed',
  PATIENT_MERGED: 'appointment.updated',
  RESOURCE_CHANGED: 'appointment.updated',
};

/**
 * The events of one change, once each, in the order its history entries were written. Entries
 * no other system needs to hear of (notes edited, link reset, patient joined) emit nothing.
 */
export function webhookEventsOf(historyTypes: readonly string[]): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  for (const type of historyTypes) {
    const event = BY_HISTORY_TYPE[type.toUpperCase()];
    if (event && !events.includes(event)) events.push(event);
  }
  return events;
}

/**
 * When the next attempt of a failed delivery goes: 30 s after the first failure, then doubling,
 * at most an hour apart (about 30 attempts before the endpoint has failed for a day).
 */
export function webhookRetryDelayMs(failedAttempts: number): number {
  const seconds = 30 * 2 ** Math.max(0, failedAttempts - 1);
  return Math.min(seconds, 3600) * 1000;
}

/** An endpoint that has failed without a success for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

export function shouldDisableEndpoint(failingSince: Date, now: Date): boolean {
  return now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS;
}

/** "Appointment — Jane D." or "Appointment": what a calendar feed may say about the patient. */
export type FeedSummaryDetail = 'initial' | 'none';

export function feedEventSummary(
  detail: FeedSummaryDetail,
  patient: { firstName: string; lastName: string },
): string {
  const name = feedPatientName(detail, patient);
  return name ? `Appointment — ${name}` : 'Appointment';
}

/** "Jane D.": the patient as far as a feed may name them; null when it may not, or no name. */
export function feedPatientName(
  detail: FeedSummaryDetail,
  patient: { firstName: string; lastName: string },
): string | null {
  if (detail === 'none') return null;
  const first = patient.firstName.trim();
  const initial = [...patient.lastName.trim()][0];
  const name = [first, initial ? `${initial.toUpperCase()}.` : ''].filter(Boolean).join(' ');
  return name || null;
}

/**
 * The waitlist's history entries other systems hear of (ADR 019), by the event they emit. An
 * acceptance is told once its booking is made, with the appointment's id, not by its entry.
 */
const WAITLIST_BY_HISTORY_TYPE: Readonly<Record<string, WebhookEvent>> = {
  OFFERED: 'waitlist.offered',
  DECLINED: 'waitlist.declined',
  EXPIRED: 'waitlist.expired',
};

/** The event a waitlist history entry emits, or null for those that stay inside the clinic. */
export function waitlistWebhookEventOf(historyType: string): WebhookEvent | null {
  return WAITLIST_BY_HISTORY_TYPE[historyType] ?? null;
}
