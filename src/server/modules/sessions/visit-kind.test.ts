// The patient's link says what kind of visit it is (issue 42): in person at an address with
// directions and the clinic's instructions, by phone, or by video, and only a video visit has
// a call to join.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ical from 'node-ical';
import { useScenario, useTestApp } from '../../test/test-app';
import { bookThroughApi } from '../../test/scenario';
import { createAppointment, createService } from '../../test/factories';
import * as t from '../../db/schema';
import { lineProblems, readCalendar } from '../../test/calendar-readers';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff } = useScenario(env);
const START = '2026-11-24T15:00:00.000Z';
const CLINIC_ADDRESS = '118 Riverside Drive\nSpringfield, IL 62701';

const lookup = (token: string) =>
  env.app.inject({ method: 'GET', url: `/api/session?token=${encodeURIComponent(token)}` });
const join = (token: string) =>
  env.app.inject({ method: 'POST', url: '/api/session/join', payload: { token } });
/** The visit's calendar file as two independent parsers read it, its lines checked. */
async function calendarEvent(token: string) {
  const res = await env.app.inject({
    method: 'GET',
    url: `/api/session/calendar.ics?token=${token}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(lineProblems(res.body)).toEqual([]);
  const [event] = readCalendar(res.body).events;
  return event!;
}

/** Ten minutes before the start: a video visit's window is open. */
const openWindow = () => env.setNow(new Date(Date.parse(START) - 10 * 60_000));

async function bookService(values: Partial<typeof t.services.$inferInsert>) {
  const service = await createService(env.db, s.clinic.id, values);
  return bookThroughApi(staff, s, START, { serviceId: service.id });
}

describe('what kind of visit the link is for', () => {
  it('gives an in-person visit its place and instructions, and no call to join', async () => {
    const appt = await bookService({
      kind: 'in_person',
      location: 'Treatment room 2, 40 Mill Lane',
      instructions: 'Wear loose clothing.\nBring your referral letter.',
    });
    const res = await lookup(appt.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().visit).toEqual({
      kind: 'in_person',
      serviceName: 'Physiotherapy',
      address: 'Treatment room 2, 40 Mill Lane',
      instructions: 'Wear loose clothing.\nBring your referral letter.',
      phoneEnding: null,
    });
    openWindow();
    expect((await lookup(appt.token)).json().state).toBe('open');
    const refused = await join(appt.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This visit is in person, so there is no video call to join.',
    );
    const events = await env.db
      .select()
      .from(t.appointmentEvents)
      .where(eq(t.appointmentEvents.appointmentId, appt._id));
    expect(events.filter((e) => e.type === 'PATIENT_JOINED')).toHaveLength(0);
  });

  it('tells staff on the visit’s page that it is in person, where', async () => {
    const appt = await bookService({ kind: 'in_person', location: 'Treatment room 2' });
    const res = await staff.get(`/api/sessions/${appt._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().visit).toMatchObject({ kind: 'in_person', address: 'Treatment room 2' });
  });

  it('sends an in-person visit without a place of its own to the clinic’s address', async () => {
    await env.db
      .update(t.clinics)
      .set({ address: CLINIC_ADDRESS })
      .where(eq(t.clinics.id, s.clinic.id));
    const appt = await bookService({ kind: 'in_person', location: null, instructions: '  ' });
    expect((await lookup(appt.token)).json().visit).toMatchObject({
      kind: 'in_person',
      address: CLINIC_ADDRESS,
      instructions: null,
    });
    // The calendar file names the place too, and says nothing of joining.
    const ics = await env.app.inject({
      method: 'GET',
      url: `/api/session/calendar.ics?token=${appt.token}`,
    });
    const event = Object.values(ical.sync.parseICS(ics.body)).find(
      (c) => c?.type === 'VEVENT',
    ) as ical.VEvent;
    expect(String(event.location)).toBe('118 Riverside Drive, Springfield, IL 62701');
    expect(String(event.summary)).toBe(`Appointment at ${s.clinic.name}`);
    expect(String(event.description)).not.toMatch(/join/i);
  });

  it('tells a phone visit which number the clinic will call, and has no call to join', async () => {
    await env.db
      .update(t.patients)
      .set({ phone: '(555) 010-2030' })
      .where(eq(t.patients.id, s.patient.id));
    const appt = await bookService({ kind: 'phone', name: 'Phone follow-up' });
    const res = await lookup(appt.token);
    expect(res.json().visit).toEqual({
      kind: 'phone',
      serviceName: 'Phone follow-up',
      address: null,
      instructions: null,
      phoneEnding: '2030',
    });
    // The number whole is not on the page a link opens.
    expect(res.body).not.toContain('010-2030');
    openWindow();
    const refused = await join(appt.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This visit is by phone: the clinic will call you.');
  });

  it('says so when a phone visit’s patient has no number on their record', async () => {
    await env.db.update(t.patients).set({ phone: null }).where(eq(t.patients.id, s.patient.id));
    const appt = await bookService({ kind: 'phone', name: 'Phone follow-up' });
    expect((await lookup(appt.token)).json().visit).toMatchObject({
      kind: 'phone',
      phoneEnding: null,
    });
  });

  it('keeps a video service’s visit as it was, Join and all', async () => {
    const appt = await bookService({
      kind: 'video',
      name: 'Video follow-up',
      location: '40 Mill Lane',
      instructions: 'Find a quiet room.',
    });
    expect((await lookup(appt.token)).json().visit).toEqual({
      kind: 'video',
      serviceName: 'Video follow-up',
      address: null,
      instructions: 'Find a quiet room.',
      phoneEnding: null,
    });
    // The calendar file puts the visit at its link, with the clinic's words for before it.
    const link = `http://localhost:3000/session/?token=${appt.token}`;
    expect(await calendarEvent(appt.token)).toMatchObject({
      location: link,
      url: link,
      description: `Join: ${link}\n\nProvider: ${s.provider.name}\n\nBefore your visit:\nFind a quiet room.`,
    });
    openWindow();
    expect((await join(appt.token)).statusCode).toBe(200);
  });

  it('puts an in-person visit’s calendar event at its address, with its instructions', async () => {
    const appt = await bookService({
      kind: 'in_person',
      location: 'Treatment room 2\n40 Mill Lane; Springfield',
      instructions: 'Wear loose clothing.\nBring your referral letter.',
    });
    const link = `http://localhost:3000/session/?token=${appt.token}`;
    expect(await calendarEvent(appt.token)).toMatchObject({
      location: 'Treatment room 2, 40 Mill Lane; Springfield',
      url: link,
      description:
        `Your appointment: ${link}\n\nProvider: ${s.provider.name}\n\n` +
        'Before your visit:\nWear loose clothing.\nBring your referral letter.',
    });
  });

  it('treats an appointment booked before services (no service) as the default video visit', async () => {
    const row = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date(START), serviceId: null },
    );
    const res = await lookup(row.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().visit).toEqual({
      kind: 'video',
      serviceName: 'Video visit',
      address: null,
      instructions: null,
      phoneEnding: null,
    });
    openWindow();
    expect((await join(row.token)).statusCode).toBe(200);
  });
});
