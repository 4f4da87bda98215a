// The words of one queued text, from its row and the visit as it is when the text goes.
import { choosePatientLanguage } from '@domain/patient-language';
import type { NotificationSnapshot, OfferSnapshot } from '../notifications';
import { offerLink, sessionLink } from '../notifications';
import {
  bookedText,
  cancelledText,
  offerText,
  reassignedText,
  reminderText,
  rescheduledText,
} from '@domain/text-templates';
import type { TextClinic, TextRow, TextVisit } from './texts.repository';

/**
 * The text `row` sends, or null when there is nothing left to say (its visit is gone). A reminder
 * is written from the visit as it is now; a booking message from the change it reports.
 */
export function textBodyOf(
  row: TextRow,
  clinic: TextClinic,
  visit: TextVisit | undefined,
  publicUrl: string,
): string | null {
  if (row.kind === 'text.answer' || row.kind === 'text.staff') {
    return (row.payload as { text: string }).text;
  }
  const recipient = (row.recipients as Array<{ name: string; language?: string | null }>)[0];
  if (row.kind === 'text.waitlist.offer') {
    const offer = row.payload as OfferSnapshot;
    return offerText(
      { ...offer, clinic: { name: clinic.name, timezone: clinic.timezone } },
      {
        firstName: recipient?.name ?? '',
        link: offerLink(publicUrl, offer.token),
        language: choosePatientLanguage({
          preferred: recipient?.language,
          clinicDefault: clinic.defaultLanguage,
        }),
      },
    );
  }
  if (!visit) return null;
  const snapshot = row.payload as Partial<NotificationSnapshot>;
  const data = {
    clinic: { id: clinic.id, name: clinic.name, timezone: clinic.timezone },
    start: snapshot.start ?? visit.startAt.toISOString(),
  };
  const context = {
    firstName: visit.firstName,
    link: sessionLink(publicUrl, snapshot.token ?? visit.token),
    // The patient's record's language as it is when the text goes, else the clinic's.
    language: choosePatientLanguage({
      preferred: visit.language,
      clinicDefault: clinic.defaultLanguage,
    }),
  };
  switch (row.kind) {
    case 'text.appointment.reminder':
      return reminderText(
        {
          ...data,
          start: visit.startAt.toISOString(),
          confirmed: visit.status.toUpperCase() === 'CONFIRMED',
        },
        { ...context, link: sessionLink(publicUrl, visit.token) },
      );
    case 'text.appointment.booked':
      return bookedText(data, context);
    case 'text.appointment.rescheduled':
      return rescheduledText(data, context);
    case 'text.appointment.reassigned':
      return reassignedText(data, context);
    case 'text.appointment.cancelled':
      return cancelledText(data, context);
    default:
      return null;
  }
}
