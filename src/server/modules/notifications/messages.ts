import { createEvent, createEvents } from 'ics';
import { formatDateTimeWithZone, formatDateWithWeekday, formatTimeRange } from '@domain/format';
import type { VisitKind } from '@domain/visit-kind';
import type { AddressedParty, NotificationSnapshot, SeriesVisit } from './outbox-row';
import { oneLine, visitLines, visitLinkLabel } from './visit-lines';

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

/** The patient page, where one button confirms the visit. */
export function confirmLink(publicUrl: string, token: string): string {
  return `${sessionLink(publicUrl, token)}&confirm=1`;
}

const HEADLINES: Record<string, (s: NotificationSnapshot) => string> = {
  'appointment.booked': () => 'Your appointment is booked',
  'appointment.rescheduled': () => 'Your appointment has a new time',
  'appointment.reassigned': (s) => `Your appointment is now with ${s.staff.name}`,
  'appointment.cancelled': () => 'Your appointment was cancelled',
  'appointment.link_reset': () => 'Your visit has a new link; the old one no longer works',
  'appointment.series_booked': (s) => `Your ${s.visits?.length ?? ''} appointments are booked`,
  'appointment.series_rescheduled': (s) =>
    `Your ${s.visits?.length ?? ''} appointments have new times`,
  'appointment.series_cancelled': (s) =>
    `Your ${s.visits?.length ?? ''} appointments were cancelled`,
};

/**
 * One email for one recipient. Every stored value is escaped in the HTML part: a patient named
 * `<img onerror=…>` reads as text. Times are in the clinic's own zone. `visit` is the kind of
 * visit as its service says now; without it the message reads as before services (video).
 */
export function renderMessage(
  kind: string,
  snapshot: NotificationSnapshot,
  recipient: AddressedParty,
  publicUrl: string,
  visit?: VisitKind,
): RenderedMessage {
  const tz = snapshot.clinic.timezone;
  const whenOf = (iso: string) =>
    `${formatDateWithWeekday(new Date(iso), tz)}, ${formatTimeRange(new Date(iso), snapshot.durationMinutes, tz)}`;
  const when = `${whenOf(snapshot.start)} (${tz})`;
  const cancelled = kind === 'appointment.cancelled' || kind === 'appointment.series_cancelled';
  const headline = (HEADLINES[kind] ?? (() => 'Your appointment was updated'))(snapshot).replace(
    / {2}/g,
    ' ',
  );
  const link = sessionLink(publicUrl, snapshot.token);
  const linkLabel = visitLinkLabel(visit);
  const visits = snapshot.visits;
  // A series change is one message listing every visit, each with its own link.
  const whenLines = visits
    ? [
        `Dates (${tz}):`,
        ...visits.map(
          (v) =>
            `${whenOf(v.start)}${v.previousStart ? ` (was ${whenOf(v.previousStart)})` : ''}` +
            (cancelled ? '' : ` — ${sessionLink(publicUrl, v.token)}`),
        ),
      ]
    : [`When: ${when}`];
  const lines = [
    recipient.role === 'patient'
      ? `Hello ${recipient.name},`
      : `Hello ${recipient.name}, an appointment you are part of changed.`,
    headline + '.',
    `Clinic: ${snapshot.clinic.name}`,
    ...whenLines,
    `Patient: ${snapshot.patient.name}`,
    `Provider: ${snapshot.staff.name}`,
    ...(snapshot.previous?.start && !visits
      ? [
          `Previously: ${formatDateWithWeekday(new Date(snapshot.previous.start), tz)}, ${formatTimeRange(new Date(snapshot.previous.start), snapshot.durationMinutes, tz)}`,
        ]
      : []),
    ...(snapshot.previous?.staffName ? [`Previous provider: ${snapshot.previous.staffName}`] : []),
    ...(snapshot.reason ? [`Reason: ${snapshot.reason}`] : []),
    ...visitLines(visit, { to: recipient.role, clinicName: snapshot.clinic.name, cancelled }),
    ...(cancelled || visits ? [] : [`${linkLabel}: ${link}`]),
  ];
  return {
    to: recipient.email,
    subject: `${headline} — ${snapshot.clinic.name}`,
    text: lines.join('\n'),
    html: htmlOf(lines, ...(cancelled || visits ? [] : [[linkLabel, link] as [string, string]])),
    ...(visits
      ? seriesCalendarFile(snapshot, visits, publicUrl, cancelled, visit)
      : calendarFile(snapshot, link, cancelled, visit)),
  };
}

/** One calendar file with an event per visit, each under its appointment's own UID. */
function seriesCalendarFile(
  snapshot: NotificationSnapshot,
  visits: readonly SeriesVisit[],
  publicUrl: string,
  cancelled: boolean,
  visit: VisitKind | undefined,
): Pick<RenderedMessage, 'ics' | 'icsMethod'> {
  const method = cancelled ? 'CANCEL' : 'REQUEST';
  const result = createEvents(
    visits.map((v) => {
      const link = sessionLink(publicUrl, v.token);
      return {
        uid: `${v.appointmentId}@carebook`,
        start: new Date(v.start).getTime(),
        startInputType: 'utc' as const,
        startOutputType: 'utc' as const,
        duration: { minutes: v.durationMinutes },
        title: `Appointment at ${snapshot.clinic.name}`,
        description: calendarDescription(link, cancelled, visit),
        ...calendarLocation(visit),
        url: cancelled ? undefined : link,
        sequence: v.sequence + (cancelled ? 1 : 0),
        status: cancelled ? ('CANCELLED' as const) : ('CONFIRMED' as const),
      };
    }),
    { method },
  );
  if (result.error || !result.value) throw new Error(`calendar file: ${String(result.error)}`);
  return { ics: result.value, icsMethod: method };
}

/** A calendar event's words: how to join a video visit, else the visit's page; the instructions. */
function calendarDescription(link: string, cancelled: boolean, visit: VisitKind | undefined) {
  if (cancelled) return 'This appointment was cancelled.';
  const reach = !visit || visit.kind === 'video' ? `Join: ${link}` : `Your appointment: ${link}`;
  return visit?.instructions ? `${reach}\n\n${visit.instructions}` : reach;
}

/** Where an in-person visit is, for the calendar to show and map. */
const calendarLocation = (visit: VisitKind | undefined) =>
  visit?.address ? { location: oneLine(visit.address) } : {};

/** The calendar file every message carries, so the patient's calendar holds the current time. */
function calendarFile(
  snapshot: Pick<
    NotificationSnapshot,
    'appointmentId' | 'start' | 'durationMinutes' | 'sequence'
  > & {
    clinic: { name: string };
  },
  link: string,
  cancelled: boolean,
  visit: VisitKind | undefined,
): Pick<RenderedMessage, 'ics' | 'icsMethod'> {
  const start = new Date(snapshot.start);
  const event = createEvent({
    uid: `${snapshot.appointmentId}@carebook`,
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: snapshot.durationMinutes },
    title: `Appointment at ${snapshot.clinic.name}`,
    description: calendarDescription(link, cancelled, visit),
    ...calendarLocation(visit),
    url: cancelled ? undefined : link,
    sequence: snapshot.sequence + (cancelled ? 1 : 0),
    method: cancelled ? 'CANCEL' : 'REQUEST',
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
  });
  if (event.error || !event.value) throw new Error(`calendar file: ${String(event.error)}`);
  return { ics: event.value, icsMethod: cancelled ? 'CANCEL' : 'REQUEST' };
}

/** Each line a paragraph, escaped; lines that start with a link's label become that link. */
function htmlOf(lines: readonly string[], ...links: Array<[label: string, url: string]>): string {
  const body = lines
    .map((line) => {
      const link = links.find(([label]) => line.startsWith(`${label}: `));
      return link
        ? `<p><a href="${escapeHtml(link[1])}">${escapeHtml(link[0])}</a></p>`
        : `<p>${escapeHtml(line)}</p>`;
    })
    .join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">${body}</body></html>`;
}

/** What a reminder says, from the appointment as it is when the reminder goes out. */
export interface ReminderSnapshot {
  appointmentId: string;
  clinic: { name: string; timezone: string };
  start: string;
  durationMinutes: number;
  token: string;
  confirmed: boolean;
  patient: { name: string };
  staff: { name: string };
  sequence: number;
}

/**
 * A reminder to the patient: when, written out with the clinic's zone, with whom, the link to the
 * visit and, until the patient has confirmed, the link that confirms it.
 */
export function renderReminder(
  snapshot: ReminderSnapshot,
  to: string,
  publicUrl: string,
  visit?: VisitKind,
): RenderedMessage {
  const when = formatDateTimeWithZone(snapshot.start, snapshot.clinic.timezone);
  const link = sessionLink(publicUrl, snapshot.token);
  const linkLabel = visitLinkLabel(visit);
  const confirm = confirmLink(publicUrl, snapshot.token);
  const lines = [
    `Hello ${snapshot.patient.name},`,
    `This is a reminder of your appointment at ${snapshot.clinic.name}.`,
    `When: ${when}`,
    `Provider: ${snapshot.staff.name}`,
    ...visitLines(visit, { to: 'patient', clinicName: snapshot.clinic.name, cancelled: false }),
    ...(snapshot.confirmed
      ? ['You have confirmed that you will come. Thank you.']
      : [`Confirm that you will come: ${confirm}`]),
    `${linkLabel}: ${link}`,
  ];
  return {
    to,
    subject: `Reminder: your appointment on ${when} — ${snapshot.clinic.name}`,
    text: lines.join('\n'),
    html: htmlOf(lines, ['Confirm that you will come', confirm], [linkLabel, link]),
    ...calendarFile(snapshot, link, false, visit),
  };
}

/** The kind of a waitlist offer's message (ADR 019); its payload is an OfferSnapshot. */
export const OFFER_KIND = 'waitlist.offer';

/** A time kept for a patient a while: when, where, with whom, until when, and its link's token. */
interface KeptTimeSnapshot {
  token: string;
  clinic: { name: string; timezone: string };
  start: string;
  durationMinutes: number;
  expiresAt: string;
  staff: { name: string };
}

/** A kept time's day, hours and end of hold, on the clinic's clock and named. */
function keptTimeWords(snapshot: KeptTimeSnapshot) {
  const start = new Date(snapshot.start);
  const tz = snapshot.clinic.timezone;
  const hours = formatTimeRange(start, snapshot.durationMinutes, tz);
  return {
    start,
    tz,
    when: `${formatDateWithWeekday(start, tz)}, ${hours} (${tz})`,
    until: formatDateTimeWithZone(snapshot.expiresAt, tz),
  };
}

/** What an offer of freed time says: when, where, with whom, and until when it holds. */
export interface OfferSnapshot extends KeptTimeSnapshot {
  patient: { name: string };
}

export type RenderedOffer = Omit<RenderedMessage, 'ics' | 'icsMethod'>;

/** The page that shows an offer with Accept and No thanks (patient bundle). */
export function offerLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/offer/${encodeURIComponent(token)}`;
}

/**
 * An offer of an earlier time to a waiting patient. No calendar file: nothing is booked until
 * the patient accepts on the page.
 */
export function renderOffer(snapshot: OfferSnapshot, to: string, publicUrl: string): RenderedOffer {
  const { start, tz, when, until } = keptTimeWords(snapshot);
  const link = offerLink(publicUrl, snapshot.token);
  const lines = [
    `Hello ${snapshot.patient.name},`,
    `A time has become free at ${snapshot.clinic.name}, and you are on the waitlist.`,
    `When: ${when}`,
    `Provider: ${snapshot.staff.name}`,
    `This offer holds until ${until}. The first to accept gets the time.`,
    `Accept or decline this time: ${link}`,
  ];
  return {
    to,
    subject: `A time is free for you on ${formatDateWithWeekday(start, tz)} — ${snapshot.clinic.name}`,
    text: lines.join('\n'),
    html: htmlOf(lines, ['Accept or decline this time', link]),
  };
}

/** The kind of an online booking's confirmation message (ADR 022); its payload a HoldSnapshot. */
export const HOLD_KIND = 'online.hold';

/**
 * What the confirmation of a held online booking says. No patient name: what a stranger typed on
 * a public page is not put into a mail (ADR 031).
 */
export interface HoldSnapshot extends KeptTimeSnapshot {
  /** The service held (issue 42); absent from messages queued before services. */
  service?: { name: string };
}

/** The link that books a held time (the public booking page confirms it). */
export function holdLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/book-online/confirm/${encodeURIComponent(token)}`;
}

/**
 * Asks the patient to prove their e-mail: nothing is booked until they open the link. It greets
 * nobody by name: anyone may type any name with anyone's address, and the clinic would be
 * sending their words (messages queued before carry a name; it is left out of them too).
 */
export function renderHold(snapshot: HoldSnapshot, to: string, publicUrl: string): RenderedOffer {
  const { start, tz, when, until } = keptTimeWords(snapshot);
  const link = holdLink(publicUrl, snapshot.token);
  const lines = [
    'Hello,',
    `You asked to book a visit at ${snapshot.clinic.name}.`,
    ...(snapshot.service ? [`Service: ${snapshot.service.name}`] : []),
    `When: ${when}`,
    `Provider: ${snapshot.staff.name}`,
    `The time is held for you until ${until}. It is booked only when you open the link below.`,
    `Confirm this booking: ${link}`,
    'If you did not ask for this, ignore this message and nothing will be booked.',
  ];
  return {
    to,
    subject: `Confirm your booking on ${formatDateWithWeekday(start, tz)} — ${snapshot.clinic.name}`,
    text: lines.join('\n'),
    html: htmlOf(lines, ['Confirm this booking', link]),
  };
}
