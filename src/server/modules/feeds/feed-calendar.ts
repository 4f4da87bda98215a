import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { feedEventSummary, type FeedSummaryDetail } from '@domain/webhook-events';
import type { FeedAppointmentRow } from './feeds.repository';

/**
 * A member's appointments as an iCalendar feed. Times are written in UTC (…Z): each event is one
 * instant with no recurrence, which every calendar app shows in its own zone, correctly across
 * clock changes, with no VTIMEZONE that a library would have to make up from zone rules.
 * The UID is the appointment's id (stable across every change), SEQUENCE its version (one more
 * on each change), and a cancelled visit stays in the feed as STATUS:CANCELLED so apps remove it.
 */
export function feedCalendar(owner: { name: string }, rows: readonly FeedAppointmentRow[]): string {
  const calendar = ical({
    name: `Carebook — ${owner.name}`,
    prodId: { company: 'Carebook', product: 'Staff calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // Apps that honour it refresh about this often (Google decides for itself).
    ttl: 15 * 60,
  });
  for (const row of rows) {
    calendar.createEvent({
      id: `${row.id}@carebook`,
      start: row.startAt,
      end: row.endAt,
      summary: feedEventSummary(row.feedSummary as FeedSummaryDetail, {
        firstName: row.patientFirstName,
        lastName: row.patientLastName,
      }),
      location: row.clinicName,
      sequence: row.version,
      status:
        row.status.toUpperCase() === 'CANCELLED'
          ? ICalEventStatus.CANCELLED
          : ICalEventStatus.CONFIRMED,
      stamp: row.updatedAt,
      created: row.createdAt,
      lastModified: row.updatedAt,
    });
  }
  return calendar.toString();
}
