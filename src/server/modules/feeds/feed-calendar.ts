import { feedEventSummary, feedPatientName, type FeedSummaryDetail } from '@domain/webhook-events';
import {
  calendarText,
  mailtoUri,
  type CalendarAttendee,
  type CalendarEvent,
} from '@domain/icalendar';
import { SERVICE_KINDS, type ServiceKind } from '@domain/services';
import { VISIT_KIND_LABELS, visitKindOf } from '@domain/visit-kind';
import type { FeedOptions } from '@contracts/feeds';
import { staffAppointmentLink, staffVisitLink } from '../notifications';
import type { FeedAppointmentRow } from './feeds.repository';

export interface FeedOwner {
  userId: string;
  name: string;
  email: string;
}

export interface FeedSite {
  publicUrl: string;
  /** The clinics' address for calendars (ORGANIZER): the one their messages come from. */
  organizerEmail: string | null;
}

const kindOf = (kind: string | null): ServiceKind =>
  (SERVICE_KINDS as readonly string[]).includes(kind ?? '') ? (kind as ServiceKind) : 'video';

/** The service and kind, where it is, and the way back to the appointment; never notes. */
function descriptionOf(row: FeedAppointmentRow, link: string, cancelled: boolean): string {
  const kind = VISIT_KIND_LABELS[kindOf(row.serviceKind)];
  const name = row.serviceName?.trim() || `${kind} visit`;
  // "Video visit" says its kind already; "Physiotherapy (in person)" needs it said.
  const service =
    name.toLowerCase() === `${kind} visit`.toLowerCase() ? name : `${name} (${kind.toLowerCase()})`;
  return [
    ...(cancelled ? ['This appointment was cancelled.'] : []),
    `${service} at ${row.clinicName}`,
    `Open in Carebook: ${link}`,
  ].join('\n');
}

/**
 * Where the visit is: an in-person one at its service's place, else the clinic's address; a
 * video one at the staff's side of the call; otherwise (by phone, or no address) the clinic.
 */
function locationOf(row: FeedAppointmentRow, publicUrl: string): string {
  if (kindOf(row.serviceKind) === 'video') return staffVisitLink(publicUrl, row.id);
  const visit = visitKindOf(
    {
      kind: kindOf(row.serviceKind),
      name: row.serviceName ?? '',
      location: row.serviceLocation,
      instructions: null,
    },
    row.clinicAddress,
  );
  return visit.address
    ? visit.address
        .split(/\r?\n/)
        .map((part) => part.trim())
        .filter(Boolean)
        .join(', ')
    : row.clinicName;
}

/**
 * A member's appointments as an iCalendar feed. Times are written in UTC (…Z): each event is one
 * instant with no recurrence, which every calendar app shows in its own zone, correctly across
 * clock changes, with no VTIMEZONE that a library would have to make up from zone rules.
 * The UID is the appointment's id (stable across every change), SEQUENCE its version (one more
 * on each change), and a cancelled visit stays in the feed as STATUS:CANCELLED so apps remove it.
 * No METHOD: a subscription is a calendar to show, not an iTIP message (RFC 5546 allows no
 * ATTENDEE in a PUBLISH), so DTSTAMP is each event's last change and the feed's bytes, and its
 * ETag, change only when an appointment does (ADR 055).
 */
export function feedCalendar(
  owner: FeedOwner,
  rows: readonly FeedAppointmentRow[],
  site: FeedSite,
  options: FeedOptions,
): string {
  const events = rows.map((row): CalendarEvent => {
    const cancelled = row.status.toUpperCase() === 'CANCELLED';
    const link = staffAppointmentLink(site.publicUrl, {
      id: row.id,
      start: row.startAt,
      timezone: row.clinicTimezone,
    });
    const patient = { firstName: row.patientFirstName, lastName: row.patientLastName };
    const detail = row.feedSummary as FeedSummaryDetail;
    const summary = feedEventSummary(detail, patient);
    const attendees: CalendarAttendee[] = [];
    if (options.attendees) {
      attendees.push({ name: owner.name, uri: mailtoUri(owner.email), partstat: 'ACCEPTED' });
      // The patient as far as the clinic lets feeds name them (ADR 018): never their contacts,
      // so by an id that reaches nobody; a clinic that names no patient in feeds has none here.
      const name = feedPatientName(detail, patient);
      if (name) attendees.push({ name, uri: `urn:uuid:${row.patientId}` });
    }
    return {
      uid: `${row.id}@carebook`,
      sequence: row.version,
      stamp: row.updatedAt,
      start: row.startAt,
      end: row.endAt,
      summary,
      status: cancelled ? 'CANCELLED' : 'CONFIRMED',
      description: descriptionOf(row, link, cancelled),
      location: locationOf(row, site.publicUrl),
      url: link,
      organizer: site.organizerEmail
        ? { name: row.clinicName, uri: mailtoUri(site.organizerEmail) }
        : null,
      attendees,
      alarms: options.alarms
        ? row.reminderOffsetsMinutes.map((minutesBefore) => ({
            minutesBefore,
            description: summary,
          }))
        : [],
      created: row.createdAt,
      lastModified: row.updatedAt,
    };
  });
  return calendarText({
    product: 'Staff calendar feed',
    name: `Carebook — ${owner.name}`,
    // Apps that honour it refresh about this often (Google decides for itself).
    refreshMinutes: 15,
    events,
  });
}
