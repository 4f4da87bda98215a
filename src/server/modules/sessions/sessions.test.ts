import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { buildTestApp } from '../../test/test-app';
import { apiAs, type Api } from '../../test/api-client';
import { clinicScenario, createBody, type ClinicScenario } from '../../test/scenario';
import { openSignal } from '../../test/ws-client';
import * as t from '../../db/schema';
import type { App } from '../../app';

let testDb: TestDatabase;
let app: App;
let s: ClinicScenario;
let staff: Api;
let clock: Date;
const START = '2026-11-24T15:00:00.000Z';
const minutesFromStart = (n: number) => new Date(new Date(START).getTime() + n * 60_000);

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.handle, { now: () => clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await testDb.destroy();
});
beforeEach(async () => {
  await testDb.reset();
  clock = new Date('2026-11-23T12:00:00Z');
  s = await clinicScenario(testDb.handle.db);
  staff = await apiAs(app, s.staff.email);
});

const lookup = (token: string) =>
  app.inject({ method: 'GET', url: `/api/session?token=${encodeURIComponent(token)}` });
const join = (token: string) =>
  app.inject({ method: 'POST', url: '/api/session/join', payload: { token } });
async function booked() {
  const res = await staff.post('/api/appointments', createBody(s, START));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('the patient session link', () => {
  it('shows clinic, provider, time, duration and status, and the patient first name only', async () => {
    const appt = await booked();
    const res = await lookup(appt.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      clinic: { name: s.clinic.name, timezone: 'America/New_York' },
      provider: { name: s.provider.name },
      patient: { firstName: 'José' },
      start: START,
      durationMinutes: 30,
      status: 'BOOKED',
      state: 'too_early',
      joinOpensAt: '2026-11-24T14:50:00.000Z',
    });
    expect(res.body).not.toContain('Núñez');
    expect(res.body).not.toContain(s.patient.email);
  });

  it('gives unknown, malformed and replaced tokens the same answer', async () => {
    const appt = await booked();
    await staff.put(`/api/appointments/${appt._id}`, {
      date: '2026-11-25T15:00:00.000Z',
      staff: { id: s.provider.id },
    });
    const answers = await Promise.all(
      [appt.token, 'A'.repeat(32), 'not a token!', ''].map(async (token) => {
        const res = await lookup(token);
        return [res.statusCode, res.json().message];
      }),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]![0]).toBe(404);
  });

  it('says a cancelled appointment is cancelled and refuses to join it', async () => {
    const appt = await booked();
    await staff.post(`/api/appointments/${appt._id}?action=cancel`, { reason: 'Unwell' });
    expect((await lookup(appt.token)).json().state).toBe('cancelled');
    clock = minutesFromStart(0);
    expect((await join(appt.token)).statusCode).toBe(409);
  });

  it('refuses to join too early, opens ten minutes before, and writes PATIENT_JOINED once', async () => {
    const appt = await booked();
    clock = minutesFromStart(-11);
    expect((await join(appt.token)).statusCode).toBe(409);
    clock = minutesFromStart(-10);
    expect((await lookup(appt.token)).json().state).toBe('open');
    for (let i = 0; i < 3; i++) {
      const res = await join(appt.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ iceServers: [] });
    }
    const events = await testDb.handle.db
      .select()
      .from(t.appointmentEvents)
      .where(eq(t.appointmentEvents.appointmentId, appt._id));
    expect(events.filter((e) => e.type === 'PATIENT_JOINED')).toHaveLength(1);
    const later = await apiAs(app, s.staff.email); // the morning's session has idled out by now
    const detail = (await later.get(`/api/appointments/${appt._id}`)).json();
    expect(detail.statusHistory.at(-1)).toMatchObject({ type: 'PATIENT_JOINED', by: 'José' });
    clock = minutesFromStart(45);
    expect((await join(appt.token)).statusCode).toBe(409);
  });
});

describe('the staff side of a visit', () => {
  it('is there for staff of the clinic, and a 404 for anyone else', async () => {
    const appt = await booked();
    const res = await staff.get(`/api/sessions/${appt._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      patient: { name: 'José Núñez' },
      provider: { id: s.provider.id },
      notes: 'First visit',
    });
    // The notes are for staff: the patient's page is not told them.
    const patientView = await app.inject({
      method: 'GET',
      url: `/api/session?token=${appt.token}`,
    });
    expect(patientView.statusCode).toBe(200);
    expect(patientView.body).not.toContain('First visit');
    expect((await staff.get(`/api/sessions/${s.foreignAppointment.id}`)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/sessions/${appt._id}` })).statusCode).toBe(
      401,
    );
  });
});

describe('signalling', () => {
  const base = () =>
    `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/session/signal`;

  it('relays messages between the patient and staff of an open visit', async () => {
    const appt = await booked();
    clock = minutesFromStart(-5);
    const provider = await apiAs(app, s.provider.email);
    const doctor = await openSignal(`${base()}?appointmentId=${appt._id}`, {
      cookie: provider.cookie,
    });
    await doctor.waitFor((m) => m.type === 'ready');
    const patient = await openSignal(`${base()}?token=${appt.token}`);
    await patient.waitFor((m) => m.type === 'ready');
    await doctor.waitFor((m) => m.type === 'peer-joined' && m.from === 'patient');
    patient.send({ type: 'description', description: { type: 'offer', sdp: 'v=0 offer' } });
    const offer = await doctor.waitFor((m) => m.type === 'description');
    expect(offer).toMatchObject({
      from: 'patient',
      description: { type: 'offer', sdp: 'v=0 offer' },
    });
    doctor.send({
      type: 'candidate',
      candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host' },
    });
    await patient.waitFor((m) => m.type === 'candidate' && m.from === 'staff');
    patient.send({ type: 'nonsense' });
    await patient.waitFor((m) => m.type === 'error');
    patient.close();
    await doctor.waitFor((m) => m.type === 'peer-left');
    doctor.close();
  });

  it('refuses a closed visit, a bad token, an anonymous caller and another site', async () => {
    const appt = await booked();
    const early = await openSignal(`${base()}?token=${appt.token}`);
    expect((await early.closed).code).toBe(4409);
    const bad = await openSignal(`${base()}?token=nope`);
    expect((await bad.closed).code).toBe(4404);
    const anonymous = await openSignal(`${base()}?appointmentId=${appt._id}`);
    expect((await anonymous.closed).code).toBe(4401);
    const provider = await apiAs(app, s.provider.email);
    const hijack = await openSignal(`${base()}?appointmentId=${appt._id}`, {
      cookie: provider.cookie,
      origin: 'https://evil.example',
    });
    expect((await hijack.closed).code).toBe(4403);
  });
});
