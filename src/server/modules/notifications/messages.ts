import {
  dateTimeWithZoneIn,
  dateWithWeekdayIn,
  timeRangeIn,
  zoneNameIn,
} from '@domain/localized-format';
import type { VisitKind } from '@domain/visit-kind';
import type { AddressedParty, NotificationSnapshot, SeriesVisit } from './outbox-row';
import { mailHtml, mailText, type MailContent, type MailLinkPart } from './mail-layout';
import { ENGLISH_MAIL, type MailMessageId, type MailWords } from './mail-words';
import { visitLinkLabel, visitParts } from './visit-lines';
import { staffAppointmentLink, staffVisitLink, visitCalendar } from './visit-calendar';

export interface RenderedMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  ics: string;
  icsMethod: 'REQUEST' | 'CANCEL';
}

/** The clinic as a message signs it: where it is and how to call it (issue 44). */
export interface MessageClinic {
  address?: string | null;
  phone?: string | null;
  defaultLanguage?: string | null;
  /** Minutes before a visit its reminders go: the alarms of the patient's calendar file. */
  reminderOffsetsMinutes?: readonly number[] | null;
  /** The address calendar files name as the clinic's (ORGANIZER). */
  organizerEmail?: string | null;
}

export function sessionLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/session/?token=${encodeURIComponent(token)}`;
}

/** The patient page, where one button confirms the visit. */
export function confirmLink(publicUrl: string, token: string): string {
  return `${sessionLink(publicUrl, token)}&confirm=1`;
}

/** The visit's calendar file, for a patient whose mail app does not offer the attached one. */
export function calendarLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/api/session/calendar.ics?token=${encodeURIComponent(token)}`;
}

/** "Monday, November 30, 2026, 8:30 AM – 9:00 AM Eastern Time", in the reader's language. */
export function whenWords(iso: string, minutes: number, tz: string, { t, language }: MailWords) {
  return t('when.range', {
    date: dateWithWeekdayIn(language, iso, tz),
    hours: timeRangeIn(language, iso, minutes, tz),
    zone: zoneNameIn(language, iso, tz),
  });
}

/** The foot of a message: the clinic's name, address and phone, as the clinic gave them. */
export function clinicFoot(name: string, clinic: MessageClinic | undefined, { t }: MailWords) {
  return {
    name,
    address: clinic?.address,
    phone: clinic?.phone,
    sentBy: t('footer.sentBy', { clinic: name }),
  };
}

const HEADLINES: Record<string, MailMessageId> = {
  'appointment.booked': 'headline.booked',
  'appointment.rescheduled': 'headline.rescheduled',
  'appointment.reassigned': 'headline.reassigned',
  'appointment.cancelled': 'headline.cancelled',
  'appointment.link_reset': 'headline.linkReset',
  'appointment.series_booked': 'headline.seriesBooked',
  'appointment.series_rescheduled': 'headline.seriesRescheduled',
  'appointment.series_cancelled': 'headline.seriesCancelled',
};

/** What staff read (US English, issue 44): the patient named first, as a colleague would say it. */
const STAFF_HEADLINES: Record<string, (s: NotificationSnapshot, count: number) => string> = {
  'appointment.booked': (s) => `${s.patient.name} was booked with you`,
  'appointment.rescheduled': (s) => `${s.patient.name}’s appointment with you has a new time`,
  'appointment.reassigned': (s) => `${s.patient.name}’s appointment is now with ${s.staff.name}`,
  'appointment.cancelled': (s) => `${s.patient.name}’s appointment with you was cancelled`,
  'appointment.series_booked': (s, n) =>
    `${s.patient.name} was booked with you for ${n} appointments`,
  'appointment.series_rescheduled': (s, n) =>
    `${s.patient.name}’s ${n} appointments with you have new times`,
  'appointment.series_cancelled': (s, n) =>
    `${s.patient.name}’s ${n} appointments with you were cancelled`,
};

/**
 * One email for one recipient, in the patient's language for the patient and in US English for
 * staff. Every stored value is escaped in the HTML part: a patient named `<img onerror=…>` reads
 * as text. Times are in the clinic's own zone, named as people say it. `visit` is the kind of
 * visit as its service says now; without it the message reads as before services (video). Staff
 * get no link of the patient's: it would let them act as the patient.
 */
export function renderMessage(
  kind: string,
  snapshot: NotificationSnapshot,
  recipient: AddressedParty,
  publicUrl: string,
  visit?: VisitKind,
  clinic?: MessageClinic,
  words: MailWords = ENGLISH_MAIL,
): RenderedMessage {
  const staff = recipient.role === 'staff';
  const w = staff ? ENGLISH_MAIL : words;
  const { t } = w;
  const tz = snapshot.clinic.timezone;
  const whenOf = (iso: string) => whenWords(iso, snapshot.durationMinutes, tz, w);
  const cancelled = kind === 'appointment.cancelled' || kind === 'appointment.series_cancelled';
  const visits = snapshot.visits;
  const count = visits?.length ?? 0;
  const headline = staff
    ? (STAFF_HEADLINES[kind] ?? ((s) => `${s.patient.name}’s appointment with you changed`))(
        snapshot,
        count,
      )
    : t(HEADLINES[kind] ?? 'headline.updated', { provider: snapshot.staff.name, count });
  const link = sessionLink(publicUrl, snapshot.token);
  // A series change is one message listing every visit, each with its own link (the patient's).
  const whenDetails = visits
    ? [
        {
          label: t('label.dates'),
          value: visits
            .map(
              (v) =>
                `${whenOf(v.start)}${v.previousStart ? ` ${t('when.was', { when: whenOf(v.previousStart) })}` : ''}` +
                (cancelled || staff ? '' : ` — ${sessionLink(publicUrl, v.token)}`),
            )
            .join('\n'),
        },
      ]
    : [{ label: t('label.when'), value: whenOf(snapshot.start) }];
  const parts = visitParts(
    visit,
    { to: recipient.role, clinicName: snapshot.clinic.name, cancelled },
    w,
  );
  const single = !cancelled && !visits && !staff;
  const mail: MailContent = {
    language: w.language,
    greeting: t('mail.hello', { name: recipient.name }),
    headline,
    details: [
      { label: t('label.clinic'), value: snapshot.clinic.name },
      ...whenDetails,
      { label: t('label.patient'), value: snapshot.patient.name },
      { label: t('label.provider'), value: snapshot.staff.name },
      ...(snapshot.previous?.start && !visits
        ? [{ label: t('label.previously'), value: whenOf(snapshot.previous.start) }]
        : []),
      ...(snapshot.previous?.staffName
        ? [{ label: t('label.previousProvider'), value: snapshot.previous.staffName }]
        : []),
      ...(snapshot.reason ? [{ label: t('label.reason'), value: snapshot.reason }] : []),
      ...parts.details,
    ],
    notes: parts.notes,
    after: parts.after,
    button: single ? { label: visitLinkLabel(visit, w), url: link } : undefined,
    links: single
      ? [
          { label: t('link.manage'), url: link },
          { label: t('link.calendar'), url: calendarLink(publicUrl, snapshot.token) },
        ]
      : [],
    clinic: clinicFoot(snapshot.clinic.name, clinic, w),
  };
  return {
    to: recipient.email,
    subject: t('mail.subject', { headline, clinic: snapshot.clinic.name }),
    text: linesOf(mail),
    html: mailHtml(mail),
    ...calendarFile({
      snapshot,
      visits: visits ?? [
        {
          appointmentId: snapshot.appointmentId,
          start: snapshot.start,
          durationMinutes: snapshot.durationMinutes,
          token: snapshot.token,
          sequence: snapshot.sequence,
        },
      ],
      reader: recipient,
      publicUrl,
      cancelled,
      visit,
      clinic,
      // Staff read their file in English, as their e-mail.
      words: w,
    }),
  };
}

/** The plain text, the series' dates each on a line of their own. */
const linesOf = (mail: MailContent) => mailText(mail);

/**
 * The calendar file every message about booked time carries, one event per visit under its
 * appointment's own UID, so the reader's calendar holds the current times: an invitation
 * (REQUEST) from the clinic, or its cancellation. A patient's events link to their page; staff's
 * to the appointment in the app (the patient's link would let them act as the patient).
 */
function calendarFile(options: {
  snapshot: { clinic: { name: string; timezone: string }; staff: { name: string } };
  visits: readonly Pick<
    SeriesVisit,
    'appointmentId' | 'start' | 'durationMinutes' | 'token' | 'sequence'
  >[];
  reader: AddressedParty;
  publicUrl: string;
  cancelled: boolean;
  visit: VisitKind | undefined;
  clinic: MessageClinic | undefined;
  words: MailWords;
}): Pick<RenderedMessage, 'ics' | 'icsMethod'> {
  const { snapshot, reader, publicUrl, cancelled } = options;
  const method = cancelled ? 'CANCEL' : 'REQUEST';
  const ics = visitCalendar({
    visits: options.visits.map((v) => {
      const start = new Date(v.start);
      const patientLink = sessionLink(publicUrl, v.token);
      return {
        appointmentId: v.appointmentId,
        start,
        end: new Date(start.getTime() + v.durationMinutes * 60_000),
        // A cancellation outranks the invitation it cancels.
        sequence: v.sequence + (cancelled ? 1 : 0),
        ...(reader.role === 'staff'
          ? {
              link: staffAppointmentLink(publicUrl, {
                id: v.appointmentId,
                start,
                timezone: snapshot.clinic.timezone,
              }),
              joinLink: staffVisitLink(publicUrl, v.appointmentId),
            }
          : { link: patientLink, joinLink: patientLink }),
      };
    }),
    clinic: {
      name: snapshot.clinic.name,
      organizerEmail: options.clinic?.organizerEmail,
      reminderOffsetsMinutes: options.clinic?.reminderOffsetsMinutes,
    },
    visit: options.visit,
    provider: snapshot.staff.name,
    reader: { name: reader.name, email: reader.email, role: reader.role },
    cancelled,
    method,
    // With a method, DTSTAMP is when the object was made (RFC 5545 §3.8.7.2).
    stamp: new Date(),
    words: options.words,
  });
  return { ics, icsMethod: method };
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
 * visit and, until the patient has confirmed, the button that confirms it.
 */
export function renderReminder(
  snapshot: ReminderSnapshot,
  to: string,
  publicUrl: string,
  visit?: VisitKind,
  clinic?: MessageClinic,
  words: MailWords = ENGLISH_MAIL,
): RenderedMessage {
  const { t, language } = words;
  const when = dateTimeWithZoneIn(language, snapshot.start, snapshot.clinic.timezone);
  const link = sessionLink(publicUrl, snapshot.token);
  const linkLabel = visitLinkLabel(visit, words);
  const confirm = confirmLink(publicUrl, snapshot.token);
  const parts = visitParts(
    visit,
    { to: 'patient', clinicName: snapshot.clinic.name, cancelled: false },
    words,
  );
  // Until confirmed, confirming is the one thing asked; after, joining or viewing the visit.
  const visitLink: MailLinkPart = { label: linkLabel, url: link };
  const mail: MailContent = {
    language,
    greeting: t('mail.hello', { name: snapshot.patient.name }),
    headline: t('reminder.intro', { clinic: snapshot.clinic.name }).replace(/\.$/, ''),
    details: [
      {
        label: t('label.when'),
        value: whenWords(snapshot.start, snapshot.durationMinutes, snapshot.clinic.timezone, words),
      },
      { label: t('label.provider'), value: snapshot.staff.name },
      ...parts.details,
    ],
    notes: parts.notes,
    after: [...(parts.after ?? []), ...(snapshot.confirmed ? [t('reminder.confirmed')] : [])],
    button: snapshot.confirmed ? visitLink : { label: t('link.confirm'), url: confirm },
    links: [
      ...(snapshot.confirmed ? [] : [visitLink]),
      { label: t('link.manage'), url: link },
      { label: t('link.calendar'), url: calendarLink(publicUrl, snapshot.token) },
    ],
    clinic: clinicFoot(snapshot.clinic.name, clinic, words),
  };
  return {
    to,
    subject: t('reminder.subject', { when, clinic: snapshot.clinic.name }),
    text: mailText(mail),
    html: mailHtml(mail),
    ...calendarFile({
      snapshot,
      visits: [snapshot],
      reader: { email: to, name: snapshot.patient.name, role: 'patient' },
      publicUrl,
      cancelled: false,
      visit,
      clinic,
      words,
    }),
  };
}
