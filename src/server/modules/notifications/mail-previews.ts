import { addDaysToKey, localDateKeyOf, wallClockToUtc } from '@domain/zoned-time';
import type { PatientLanguage } from '@domain/patients';
import { visitKindOf, type VisitKind } from '@domain/visit-kind';
import type { Executor } from '../../db/client';
import { serviceOfAppointment } from '../services';
import { clinicsOfRows } from './message-visits';
import type { AddressedParty, NotificationSnapshot } from './outbox-row';
import { renderMessage, renderReminder, type MessageClinic } from './messages';
import { HOLD_KIND, OFFER_KIND, renderHold, renderOffer } from './kept-time-messages';
import { REMINDER_KIND } from './reminders.repository';
import { mailWords } from './mail-words';

/** One e-mail a patient gets, as the admin previews it (issue 44). */
export interface MailPreview {
  kind: string;
  /** What the message is, in the staff interface's words. */
  label: string;
  subject: string;
  text: string;
  html: string;
}

export interface PreviewClinic extends MessageClinic {
  name: string;
  timezone: string;
}

/** The sample patient and provider the previews are written for (the texts' preview's Maria). */
const PATIENT = { name: 'Maria Garcia', email: 'maria@example.com' };
const PROVIDER = { name: 'Dr. Jordan Lee', email: 'provider@example.com' };
/** As long as a real visit link's token, so the text's lines wrap as a real message's do. */
const TOKEN = 'x'.repeat(32);

/**
 * Every e-mail a patient of this clinic can get, written by the worker's own functions in the
 * chosen language from sample data: a visit next week at 10:00 on the clinic's clock (moved from
 * 9:00 for the change), with the clinic's first service when it has one. What an admin previews
 * is what a patient would read, footer and calendar-free parts included.
 */
export function mailPreviews(
  clinic: PreviewClinic,
  language: PatientLanguage,
  publicUrl: string,
  now: Date,
  visit?: VisitKind,
): MailPreview[] {
  const words = mailWords(language);
  const day = addDaysToKey(localDateKeyOf(now, clinic.timezone), 7);
  const at = (minutes: number) =>
    new Date(wallClockToUtc(day, minutes, clinic.timezone)).toISOString();
  const start = at(10 * 60);
  const durationMinutes = 30;
  const snapshot: NotificationSnapshot = {
    appointmentId: 'preview',
    clinic: { id: 'preview', name: clinic.name, timezone: clinic.timezone },
    start,
    durationMinutes,
    token: TOKEN,
    patient: PATIENT,
    staff: PROVIDER,
    sequence: 0,
  };
  const patient: AddressedParty = { ...PATIENT, role: 'patient', language };
  const message = (kind: string, extra: Partial<NotificationSnapshot> = {}) =>
    renderMessage(kind, { ...snapshot, ...extra }, patient, publicUrl, visit, clinic, words);
  const kept = {
    token: TOKEN,
    clinic: { name: clinic.name, timezone: clinic.timezone },
    start,
    durationMinutes,
    expiresAt: at(8 * 60),
    staff: { name: PROVIDER.name },
  };
  const previews: Array<[string, string, { subject: string; text: string; html: string }]> = [
    ['appointment.booked', 'Booking confirmed', message('appointment.booked')],
    [
      'appointment.rescheduled',
      'New time',
      message('appointment.rescheduled', { previous: { start: at(9 * 60) }, sequence: 1 }),
    ],
    ['appointment.cancelled', 'Cancelled', message('appointment.cancelled', { sequence: 2 })],
    [
      REMINDER_KIND,
      'Reminder',
      renderReminder(
        { ...snapshot, confirmed: false, patient: { name: PATIENT.name } },
        PATIENT.email,
        publicUrl,
        visit,
        clinic,
        words,
      ),
    ],
    [
      OFFER_KIND,
      'Waitlist offer',
      renderOffer(
        { ...kept, patient: { name: PATIENT.name } },
        PATIENT.email,
        publicUrl,
        clinic,
        words,
      ),
    ],
    [
      HOLD_KIND,
      'Online booking to confirm',
      renderHold(
        { ...kept, ...(visit ? { service: { name: visit.serviceName } } : {}) },
        PATIENT.email,
        publicUrl,
        clinic,
        words,
      ),
    ],
  ];
  return previews.map(([kind, label, { subject, text, html }]) => ({
    kind,
    label,
    subject,
    text,
    html,
  }));
}

/**
 * A clinic's previews as its admins see them: signed with its address and phone, about its
 * default service (what a booking without a chosen service is), in `language`.
 */
export async function previewsOfClinic(
  db: Executor,
  clinic: { id: string; name: string; timezone: string },
  options: { language: PatientLanguage; publicUrl: string; mailFrom: string; now: Date },
): Promise<MailPreview[]> {
  const signed = (await clinicsOfRows(db, [{ clinicId: clinic.id }], options.mailFrom)).get(
    clinic.id,
  );
  const service = await serviceOfAppointment(db, clinic.id, null).catch(() => null);
  const visit = service ? visitKindOf(service, signed?.address ?? null) : undefined;
  return mailPreviews(
    { ...signed, name: clinic.name, timezone: clinic.timezone },
    options.language,
    options.publicUrl,
    options.now,
    visit,
  );
}
