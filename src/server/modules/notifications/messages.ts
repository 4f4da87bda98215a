import { createEvent } from 'ics';
import { formatDateWithWeekday, formatTimeRange } from '@domain/format';
import type { NotificationParty, NotificationSnapshot } from './outbox-row';

export interface RenderedMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  ics: string;
  icsMethod: 'REQUEST' | 'CANCEL';
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function sessionLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/session/?token=${encodeURIComponent(token)}`;
}

const HEADLINES: Record<string, (s: NotificationSnapshot) => string> = {
  'appointment.booked': () => 'Your appointment is booked',
  'appointment.rescheduled': () => 'Your appointment has a new time',
  'appointment.reassigned': (s) => `Your appointment is now with ${s.staff.name}`,
  'appointment.cancelled': () => 'Your appointment was cancelled',
};

/**
 * One email for one recipient. Every stored value is escaped in the HTML part: a patient named
 * `<img onerror=…>` reads as text. Times are in the clinic's own zone.
 */
export function renderMessage(
  kind: string,
  snapshot: NotificationSnapshot,
  recipient: NotificationParty,
  publicUrl: string,
): RenderedMessage {
  const start = new Date(snapshot.start);
  const tz = snapshot.clinic.timezone;
  const when = `${formatDateWithWeekday(start, tz)}, ${formatTimeRange(start, snapshot.durationMinutes, tz)} (${tz})`;
  const cancelled = kind === 'appointment.cancelled';
  const headline = (HEADLINES[kind] ?? (() => 'Your appointment was updated'))(snapshot);
  const link = sessionLink(publicUrl, snapshot.token);
  const lines = [
    recipient.role === 'patient'
      ? `Hello ${recipient.name},`
      : `Hello ${recipient.name}, an appointment you are part of changed.`,
    headline + '.',
    `Clinic: ${snapshot.clinic.name}`,
    `When: ${when}`,
    `Patient: ${snapshot.patient.name}`,
    `Provider: ${snapshot.staff.name}`,
    ...(snapshot.previous?.start
      ? [
          `Previously: ${formatDateWithWeekday(new Date(snapshot.previous.start), tz)}, ${formatTimeRange(new Date(snapshot.previous.start), snapshot.durationMinutes, tz)}`,
        ]
      : []),
    ...(snapshot.previous?.staffName ? [`Previous provider: ${snapshot.previous.staffName}`] : []),
    ...(snapshot.reason ? [`Reason: ${snapshot.reason}`] : []),
    ...(cancelled ? [] : [`Join your online visit: ${link}`]),
  ];
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">${lines
    .map((l) => {
      if (!cancelled && l.startsWith('Join your online visit: ')) {
        return `<p><a href="${escapeHtml(link)}">Join your online visit</a></p>`;
      }
      return `<p>${escapeHtml(l)}</p>`;
    })
    .join('')}</body></html>`;
  const event = createEvent({
    uid: `${snapshot.appointmentId}@carebook`,
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: snapshot.durationMinutes },
    title: `Appointment at ${snapshot.clinic.name}`,
    description: cancelled ? 'This appointment was cancelled.' : `Join: ${link}`,
    url: cancelled ? undefined : link,
    sequence: snapshot.sequence + (cancelled ? 1 : 0),
    method: cancelled ? 'CANCEL' : 'REQUEST',
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
  });
  if (event.error || !event.value) throw new Error(`calendar file: ${String(event.error)}`);
  return {
    to: recipient.email,
    subject: `${headline} — ${snapshot.clinic.name}`,
    text: lines.join('\n'),
    html,
    ics: event.value,
    icsMethod: cancelled ? 'CANCEL' : 'REQUEST',
  };
}
