// The calendar file of a visit (issue 47, ADR 055): the one the patient downloads from their
// page and the one every e-mail about booked time carries, written alike in the reader's
// language. The clinic organizes; the reader attends; the clinic's reminders are its alarms.
import {
  calendarText,
  mailtoUri,
  type CalendarAttendee,
  type CalendarEvent,
} from '@domain/icalendar';
import type { VisitKind } from '@domain/visit-kind';
import { localDateKeyOf } from '@domain/zoned-time';
import type { MailWords } from './mail-words';
import { oneLine } from './visit-lines';

/** What a calendar file needs of the clinic: its name, whom to name as organizer, its reminders. */
export interface CalendarClinic {
  name: string;
  /** The clinic's address for calendars (ORGANIZER); none leaves ORGANIZER out. */
  organizerEmail?: string | null;
  /** Minutes before the start each reminder goes: the file's alarms (patients' files only). */
  reminderOffsetsMinutes?: readonly number[] | null;
}

export interface CalendarVisit {
  appointmentId: string;
  start: Date;
  end: Date;
  sequence: number;
  /** The reader's link back to the visit: the patient's page, or the appointment in the app. */
  link: string;
  /** Where a video visit happens for the reader: the patient's page, or the staff's side of it. */
  joinLink: string;
}

export interface VisitCalendarOptions {
  visits: readonly CalendarVisit[];
  clinic: CalendarClinic;
  /** The kind of visit as its service says; none: a message of before services (video). */
  visit: VisitKind | undefined;
  /** Who the visit is with. */
  provider: string;
  /** Who reads the file; without an e-mail address there is no ATTENDEE to name. */
  reader: { name: string; email: string | null; role: 'patient' | 'staff' };
  cancelled: boolean;
  /** REQUEST or CANCEL for an e-mail's invitation; none for a file the patient downloads. */
  method?: 'REQUEST' | 'CANCEL';
  /** DTSTAMP: the time of writing with a method; the visit's last change without one. */
  stamp: Date;
  words: MailWords;
}

const isVideo = (visit: VisitKind | undefined) => !visit || visit.kind === 'video';

/**
 * Where the visit is, for the calendar to show and map: the address of an in-person visit, the
 * link of a video one (where it happens); a phone visit has no place.
 */
function locationOf(visit: VisitKind | undefined, joinLink: string): string | null {
  if (isVideo(visit)) return joinLink;
  return visit?.address ? oneLine(visit.address) : null;
}

/** How to reach the visit, with whom, what a phone visit is, then the clinic's instructions. */
function descriptionOf(
  { link, joinLink }: CalendarVisit,
  options: Pick<
    VisitCalendarOptions,
    'visit' | 'cancelled' | 'words' | 'clinic' | 'reader' | 'provider'
  >,
): string {
  const { visit, words, reader } = options;
  const { t } = words;
  const withWhom = `${t('label.provider')}: ${options.provider}`;
  if (options.cancelled) return `${t('ics.cancelled')}\n\n${withWhom}`;
  const reach = isVideo(visit) ? t('ics.join', { link: joinLink }) : t('ics.page', { link });
  const parts = [reach, withWhom];
  if (visit?.kind === 'phone') {
    parts.push(
      reader.role === 'patient'
        ? t('visit.phone.patient', { clinic: options.clinic.name })
        : t('visit.phone.staff'),
    );
  }
  if (visit?.instructions) parts.push(`${t('visit.before')}\n${visit.instructions}`);
  return parts.join('\n\n');
}

/** One VCALENDAR with an event per visit, each under its appointment's own UID. */
export function visitCalendar(options: VisitCalendarOptions): string {
  const { clinic, reader, words, cancelled } = options;
  const summary = words.t('ics.title', { clinic: clinic.name });
  const organizer = clinic.organizerEmail
    ? { name: clinic.name, uri: mailtoUri(clinic.organizerEmail) }
    : null;
  const attendees: CalendarAttendee[] = reader.email
    ? [
        {
          name: reader.name,
          uri: mailtoUri(reader.email),
          role: 'REQ-PARTICIPANT',
          // The clinic reads no replies: the visit is changed through its link.
          rsvp: false,
        },
      ]
    : [];
  // Patients are reminded as the clinic reminds them; staff have their own calendar's habits.
  const alarms =
    reader.role === 'patient'
      ? (clinic.reminderOffsetsMinutes ?? []).map((minutesBefore) => ({
          minutesBefore,
          description: summary,
        }))
      : [];
  const events = options.visits.map((v): CalendarEvent => ({
    uid: `${v.appointmentId}@carebook`,
    sequence: v.sequence,
    stamp: options.stamp,
    start: v.start,
    end: v.end,
    summary,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    description: descriptionOf(v, options),
    location: cancelled ? null : locationOf(options.visit, v.joinLink),
    url: cancelled ? null : v.link,
    organizer,
    attendees,
    alarms,
  }));
  return calendarText({ product: 'Carebook', method: options.method, events });
}

/** The staff's side of a video visit, where they join it. */
export function staffVisitLink(publicUrl: string, appointmentId: string): string {
  return `${publicUrl.replace(/\/$/, '')}/session/${encodeURIComponent(appointmentId)}`;
}

/** Staff's link to an appointment: the calendar on its day (clinic's), its details open. */
export function staffAppointmentLink(
  publicUrl: string,
  appointment: { id: string; start: Date; timezone: string },
): string {
  const day = localDateKeyOf(appointment.start, appointment.timezone);
  return `${publicUrl.replace(/\/$/, '')}/calendar?date=${day}&appointment=${encodeURIComponent(appointment.id)}`;
}
