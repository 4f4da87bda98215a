// Messages say what kind of visit it is (issue 42): the booking, its reminders and a new time
// name the kind, give an in-person visit's address instead of the words about joining online,
// and carry the service's instructions, read from the service when the message is written.
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { SendMailOptions } from 'nodemailer';
import type { VisitKind } from '@domain/visit-kind';
import { useScenario, useTestApp } from '../../test/test-app';
import { bookThroughApi } from '../../test/scenario';
import { createService } from '../../test/factories';
import * as t from '../../db/schema';
import { sinkWorker } from '../../test/mail-worker';
import { appointmentMessageSnapshot } from '../../test/message-kit';
import { useSmtpSink } from '../../test/smtp-sink';
import { renderMessage, renderReminder, type ReminderSnapshot } from './messages';
import { lineProblems, readCalendar } from '../../test/calendar-readers';
import type { MessageClinic } from './messages';

const PUBLIC_URL = 'https://care.example.org';
const TOKEN = 'TOKEN_TOKEN_TOKEN_TOKEN_TOKEN_12';
const LINK = `${PUBLIC_URL}/session/?token=${TOKEN}`;
const patient = { email: 'jose@example.com', name: 'José Núñez', role: 'patient' as const };

const snapshot = appointmentMessageSnapshot({ token: TOKEN, sequence: 1 });
const reminder: ReminderSnapshot = {
  appointmentId: 'a-1',
  clinic: snapshot.clinic,
  start: snapshot.start,
  durationMinutes: 30,
  token: TOKEN,
  confirmed: false,
  patient: { name: 'José Núñez' },
  staff: { name: 'Dr. Priya Raman' },
  sequence: 1,
};

const IN_PERSON: VisitKind = {
  kind: 'in_person',
  serviceName: 'Physiotherapy',
  address: '40 Mill Lane\nSpringfield, IL 62701',
  instructions: 'Wear loose clothing.\nBring your referral letter.',
};
const PHONE: VisitKind = {
  kind: 'phone',
  serviceName: 'Phone follow-up',
  address: null,
  instructions: null,
};
const VIDEO: VisitKind = {
  kind: 'video',
  serviceName: 'Video visit',
  address: null,
  instructions: null,
};

const booked = (visit?: VisitKind) =>
  renderMessage('appointment.booked', snapshot, patient, PUBLIC_URL, visit);

describe('what a message says of the kind of visit', () => {
  it('gives an in-person visit’s address and instructions, and no words about joining online', () => {
    for (const message of [
      booked(IN_PERSON),
      renderMessage(
        'appointment.rescheduled',
        { ...snapshot, previous: { start: '2026-11-24T15:00:00.000Z' } },
        patient,
        PUBLIC_URL,
        IN_PERSON,
      ),
      renderReminder(reminder, patient.email, PUBLIC_URL, IN_PERSON),
    ]) {
      const lines = message.text.split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([
          'Type of visit: In person',
          'Service: Physiotherapy',
          'Address: 40 Mill Lane, Springfield, IL 62701',
          'Before your visit:',
          'Wear loose clothing.',
          'Bring your referral letter.',
          `View your appointment: ${LINK}`,
        ]),
      );
      expect(message.text).not.toMatch(/join|online visit|video/i);
      expect(message.html).toMatch(
        new RegExp(`href="${LINK.replace(/[?.]/g, '\\$&')}"[^>]*>View your appointment</a>`),
      );
      expect(message.ics).toContain('LOCATION:40 Mill Lane\\, Springfield\\, IL 62701');
      expect(message.ics).not.toMatch(/Join:/);
    }
  });

  it('tells the patient of a phone visit that the clinic will call, and the provider who calls', () => {
    const message = booked(PHONE);
    expect(message.text).toContain('Type of visit: Phone\nService: Phone follow-up');
    expect(message.text).toContain('Riverside Family Clinic will call you at this time.');
    expect(message.text).toContain(`View your appointment: ${LINK}`);
    expect(message.text).not.toMatch(/join|online visit/i);
    const toProvider = renderMessage(
      'appointment.booked',
      snapshot,
      { email: 'priya@example.com', name: 'Dr. Priya Raman', role: 'staff' },
      PUBLIC_URL,
      PHONE,
    );
    expect(toProvider.text).toContain('The clinic calls the patient at this time.');
    const remind = renderReminder(reminder, patient.email, PUBLIC_URL, PHONE);
    expect(remind.text).toContain('Type of visit: Phone');
    expect(remind.text).not.toMatch(/join|online visit/i);
  });

  it('keeps a video visit’s link to join, says it is by video, and names no service named for it', () => {
    const message = booked(VIDEO);
    expect(message.text).toContain(`Type of visit: Video\nJoin your online visit: ${LINK}`);
    expect(message.text).not.toContain('Service:');
    expect(message.ics.replace(/\r?\n[ \t]/g, '')).toContain(`Join: ${LINK}`);
    expect(renderReminder(reminder, patient.email, PUBLIC_URL, VIDEO).text).toContain(
      `Join your online visit: ${LINK}`,
    );
    // A video service of its own name is named, with its instructions.
    const followUp = booked({
      ...VIDEO,
      serviceName: 'Follow-up',
      instructions: 'Find a quiet room.',
    });
    expect(followUp.text).toContain('Service: Follow-up\nBefore your visit:\nFind a quiet room.');
  });

  it('says nothing of the service in a cancellation but its kind', () => {
    const message = renderMessage(
      'appointment.cancelled',
      snapshot,
      patient,
      PUBLIC_URL,
      IN_PERSON,
    );
    expect(message.text).toContain('Type of visit: In person\nService: Physiotherapy');
    expect(message.text).not.toContain('Address:');
    expect(message.text).not.toContain('Before your visit');
    expect(message.text).not.toContain(LINK);
  });

  it('reads as before services without a visit (a message of an appointment no longer there)', () => {
    const message = booked(undefined);
    expect(message.text).not.toContain('Type of visit');
    expect(message.text).toContain(`Join your online visit: ${LINK}`);
  });
});

const sink = useSmtpSink();

const env = useTestApp({ now: '2026-11-23T12:00:00Z', config: { PUBLIC_URL } });
const { s, staff } = useScenario(env);

/** Runs a worker of its own once, and answers the patient's texts it handed to the transport. */
async function deliveredToPatient(): Promise<string[]> {
  return (await mailsToPatient()).map((m) => String(m.text));
}

/** What the worker hands the mail server for the patient, calendar file and all. */
async function mailsToPatient(): Promise<SendMailOptions[]> {
  const handed: SendMailOptions[] = [];
  const worker = sinkWorker(env, sink, { config: { PUBLIC_URL }, handed });
  await worker.runOnce();
  await worker.stop();
  return handed.filter((m) => m.to === s.patient.email);
}

describe('the invitation a message carries, as calendar apps read it (issue 47)', () => {
  const clinic: MessageClinic = {
    reminderOffsetsMinutes: [1440, 120],
    organizerEmail: 'no-reply@care.example.org',
  };
  const provider = { email: 'priya@example.com', name: 'Dr. Priya Raman', role: 'staff' as const };
  const read = (ics: string) => {
    expect(lineProblems(ics)).toEqual([]);
    return readCalendar(ics);
  };
  const render = (kind: string, to: typeof patient | typeof provider, visit: typeof VIDEO) =>
    renderMessage(kind, snapshot, to, PUBLIC_URL, visit, clinic);

  it('invites the patient from the clinic, with an alarm per clinic reminder, at the visit’s address', () => {
    const before = Date.now();
    const message = render('appointment.booked', patient, IN_PERSON);
    const { method, events } = read(message.ics);
    expect(method).toBe('REQUEST');
    const [event] = events;
    expect(event).toMatchObject({
      uid: 'a-1@carebook',
      organizer: { cn: 'Riverside Family Clinic', uri: 'mailto:no-reply@care.example.org' },
      attendees: [{ cn: 'José Núñez', uri: 'mailto:jose@example.com' }],
      location: '40 Mill Lane, Springfield, IL 62701',
      url: LINK,
      description:
        `Your appointment: ${LINK}\n\nProvider: Dr. Priya Raman\n\n` +
        'Before your visit:\nWear loose clothing.\nBring your referral letter.',
    });
    expect(event!.alarms.map((a) => a.trigger)).toEqual([-86_400, -7_200]);
    // With a METHOD, DTSTAMP is when the file was made, in UTC.
    const stamp = Date.parse(event!.stamp);
    expect(stamp).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(stamp).toBeLessThanOrEqual(Date.now());

    const remind = read(renderReminder(reminder, patient.email, PUBLIC_URL, VIDEO, clinic).ics);
    expect(remind.events[0]).toMatchObject({ location: LINK, url: LINK });
    expect(remind.events[0]!.alarms.map((a) => a.trigger)).toEqual([-86_400, -7_200]);
  });

  it('gives the provider their own link back to the appointment, never the patient’s, and no alarms', () => {
    const message = render('appointment.booked', provider, VIDEO);
    expect(message.ics).not.toContain(TOKEN);
    const [event] = read(message.ics).events;
    const back = `${PUBLIC_URL}/calendar?date=2026-11-25&appointment=a-1`;
    expect(event).toMatchObject({
      attendees: [{ cn: 'Dr. Priya Raman', uri: 'mailto:priya@example.com' }],
      url: back,
      // A video visit happens on the staff's side of its call.
      location: `${PUBLIC_URL}/session/a-1`,
      description: `Join: ${PUBLIC_URL}/session/a-1\n\nProvider: Dr. Priya Raman`,
      alarms: [],
    });
  });

  it('cancels with a higher sequence and no alarms', () => {
    const message = render('appointment.cancelled', patient, IN_PERSON);
    const { method, events } = read(message.ics);
    expect(method).toBe('CANCEL');
    expect(events[0]).toMatchObject({ status: 'CANCELLED', sequence: 2, alarms: [] });
  });
});

describe('the messages the worker sends about a service’s visit', () => {
  it('read the service when sent: booked, moved and reminded, each with the address', async () => {
    await env.db
      .update(t.clinics)
      .set({ address: '118 Riverside Drive\nSpringfield, IL 62701' })
      .where(eq(t.clinics.id, s.clinic.id));
    const service = await createService(env.db, s.clinic.id, {
      kind: 'in_person',
      instructions: 'Wear loose clothing.',
    });
    const appt = await bookThroughApi(staff, s, '2026-11-25T15:00:00.000Z', {
      serviceId: service.id,
    });
    const [bookedText] = await deliveredToPatient();
    expect(bookedText).toContain('Your appointment is booked.');
    expect(bookedText).toContain('Address: 118 Riverside Drive, Springfield, IL 62701');
    expect(bookedText).toContain('Before your visit:\nWear loose clothing.');
    expect(bookedText).not.toMatch(/online visit/);

    // Instructions changed after booking are the ones a later message gives.
    await env.db
      .update(t.services)
      .set({ instructions: 'Wear shorts.' })
      .where(eq(t.services.id, service.id));
    const moved = await staff.put(`/api/appointments/${appt._id}`, {
      date: '2026-11-25T16:00:00.000Z',
      staff: { id: s.provider.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [movedText] = await deliveredToPatient();
    expect(movedText).toContain('Your appointment has a new time.');
    expect(movedText).toContain('Type of visit: In person');
    expect(movedText).toContain('Before your visit:\nWear shorts.');
    expect(movedText).toContain(
      `View your appointment: ${PUBLIC_URL}/session/?token=${appt.token}`,
    );

    const [firstReminder] = await env.db
      .select({ dueAt: t.outbox.dueAt })
      .from(t.outbox)
      .where(eq(t.outbox.kind, 'appointment.reminder'))
      .orderBy(asc(t.outbox.dueAt));
    env.setNow(firstReminder!.dueAt!);
    const [reminderText] = await deliveredToPatient();
    expect(reminderText).toContain('This is a reminder of your appointment');
    expect(reminderText).toContain('Address: 118 Riverside Drive, Springfield, IL 62701');
    expect(reminderText).not.toMatch(/online visit/);
  });

  it('treats an appointment booked before services as the default video visit', async () => {
    const appt = await bookThroughApi(staff, s, '2026-11-25T15:00:00.000Z');
    await env.db
      .update(t.appointments)
      .set({ serviceId: null })
      .where(eq(t.appointments.id, appt._id));
    const [mail] = await mailsToPatient();
    const text = String(mail!.text);
    expect(text).toContain('Type of visit: Video');
    expect(text).toContain(`Join your online visit: ${PUBLIC_URL}/session/?token=${appt.token}`);
    // The invitation the worker attaches: from the clinic, with its reminders (a day and two
    // hours by default) as alarms, at the visit's link.
    const ics = String((mail!.icalEvent as { content: string }).content);
    expect(lineProblems(ics)).toEqual([]);
    const [event] = readCalendar(ics).events;
    expect(event).toMatchObject({
      organizer: { cn: s.clinic.name, uri: 'mailto:no-reply@carebook.test' },
      attendees: [{ cn: 'José Núñez', uri: `mailto:${s.patient.email}` }],
      location: `${PUBLIC_URL}/session/?token=${appt.token}`,
    });
    expect(event!.alarms.map((a) => a.trigger)).toEqual([-86_400, -7_200]);
  });
});
