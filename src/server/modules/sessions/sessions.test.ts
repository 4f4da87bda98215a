import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { buildTestApp, useScenario, useTestApp } from '../../test/test-app';
import { apiAs } from '../../test/api-client';
import { bookThroughApi } from '../../test/scenario';
import { openSignal } from '../../test/ws-client';
import * as t from '../../db/schema';
import { VISIT_ALREADY_OPEN, VISIT_LINK_EXPIRED, VISIT_OPENED_ELSEWHERE } from '@contracts/session';

const env = useTestApp({ now: '2026-11-23T12:00:00Z', listen: true });
const { s, staff } = useScenario(env);
const START = '2026-11-24T15:00:00.000Z';
const minutesFromStart = (n: number) => new Date(new Date(START).getTime() + n * 60_000);

const lookup = (token: string) =>
  env.app.inject({ method: 'GET', url: `/api/session?token=${encodeURIComponent(token)}` });
const join = (token: string) =>
  env.app.inject({ method: 'POST', url: '/api/session/join', payload: { token } });
const booked = () => bookThroughApi(staff, s, START);

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
    // Only a staff member's Reset link replaces a token; a reschedule keeps it.
    const reset = await staff.post(`/api/appointments/${appt._id}/link-reset`);
    expect(reset.statusCode, reset.body).toBe(200);
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
    env.setNow(minutesFromStart(0));
    expect((await join(appt.token)).statusCode).toBe(409);
  });

  it('refuses to join too early, opens ten minutes before, and writes PATIENT_JOINED once', async () => {
    const appt = await booked();
    env.setNow(minutesFromStart(-11));
    expect((await join(appt.token)).statusCode).toBe(409);
    env.setNow(minutesFromStart(-10));
    expect((await lookup(appt.token)).json().state).toBe('open');
    for (let i = 0; i < 3; i++) {
      const res = await join(appt.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ iceServers: [] });
    }
    const events = await env.db
      .select()
      .from(t.appointmentEvents)
      .where(eq(t.appointmentEvents.appointmentId, appt._id));
    expect(events.filter((e) => e.type === 'PATIENT_JOINED')).toHaveLength(1);
    const later = await apiAs(env.app, s.staff.email); // the morning's session has idled out by now
    const detail = (await later.get(`/api/appointments/${appt._id}`)).json();
    expect(detail.statusHistory.at(-1)).toMatchObject({ type: 'PATIENT_JOINED', by: 'José' });
    env.setNow(minutesFromStart(45));
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
    const patientView = await env.app.inject({
      method: 'GET',
      url: `/api/session?token=${appt.token}`,
    });
    expect(patientView.statusCode).toBe(200);
    expect(patientView.body).not.toContain('First visit');
    expect((await staff.get(`/api/sessions/${s.foreignAppointment.id}`)).statusCode).toBe(404);
    expect(
      (await env.app.inject({ method: 'GET', url: `/api/sessions/${appt._id}` })).statusCode,
    ).toBe(401);
  });

  it('tells everyone but the staff member it is booked with that they may not join', async () => {
    const appt = await booked();
    expect((await staff.get(`/api/sessions/${appt._id}`)).json().joinRefusal).toBe(
      'Only Dr. Priya Raman can join this video visit: it is booked with them.',
    );
    const provider = await apiAs(env.app, s.provider.email);
    expect((await provider.get(`/api/sessions/${appt._id}`)).json().joinRefusal).toBeNull();
  });
});

describe('how long a visit link opens the page', () => {
  const END = minutesFromStart(30);
  const daysAfterEnd = (days: number) => new Date(END.getTime() + days * 86_400_000);

  it('opens it until 30 days after the end, then says only that it has expired', async () => {
    const appt = await booked();
    env.setNow(new Date(daysAfterEnd(30).getTime() - 1));
    expect((await lookup(appt.token)).json()).toMatchObject({ state: 'ended' });
    env.setNow(daysAfterEnd(30));
    const res = await lookup(appt.token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: 'gone', message: VISIT_LINK_EXPIRED });
    expect((await join(appt.token)).statusCode).toBe(410);
  });

  it('expires a cancelled appointment’s link the same way, and takes the days from the settings', async () => {
    const appt = await booked();
    await staff.post(`/api/appointments/${appt._id}?action=cancel`, { reason: 'Unwell' });
    const shortLived = await buildTestApp(env.handle, {
      now: () => env.now(),
      config: { VISIT_LINK_DAYS_AFTER_END: 2 },
    });
    try {
      const ask = () =>
        shortLived.inject({ method: 'GET', url: `/api/session?token=${appt.token}` });
      env.setNow(daysAfterEnd(1));
      expect((await ask()).json()).toMatchObject({ state: 'cancelled' });
      env.setNow(daysAfterEnd(2));
      expect((await ask()).statusCode).toBe(410);
      expect((await ask()).body).not.toContain('José');
    } finally {
      await shortLived.close();
    }
  });
});

describe('signalling', () => {
  const base = () =>
    `ws://127.0.0.1:${(env.app.server.address() as AddressInfo).port}/api/session/signal`;

  it('answers a plain GET, which asks for no WebSocket, with a 426 in the error shape', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/session/signal?token=abc' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toMatchObject({ error: 'upgrade_required' });
  });

  it('relays messages between the patient and staff of an open visit', async () => {
    const appt = await booked();
    env.setNow(minutesFromStart(-5));
    const provider = await apiAs(env.app, s.provider.email);
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
    const provider = await apiAs(env.app, s.provider.email);
    const hijack = await openSignal(`${base()}?appointmentId=${appt._id}`, {
      cookie: provider.cookie,
      origin: 'https://evil.example',
    });
    expect((await hijack.closed).code).toBe(4403);
  });

  const staffSignal = async (email: string, appointmentId: string, client = 'staff-tab-1') => {
    const { cookie } = await apiAs(env.app, email);
    return openSignal(`${base()}?appointmentId=${appointmentId}&client=${client}`, { cookie });
  };
  const patientSignal = (token: string, client = 'patient-tab-1') =>
    openSignal(`${base()}?token=${token}&client=${client}`);
  const auditRows = (appointmentId: string) =>
    env.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entityId, appointmentId), eq(t.auditLog.entityType, 'appointment')));

  it('lets in only the staff member the visit is booked with, and audits who tried', async () => {
    const appt = await booked();
    env.setNow(minutesFromStart(-5));
    for (const email of [s.staff.email, s.nurse.email, s.admin.email]) {
      const other = await staffSignal(email, appt._id);
      expect(await other.closed).toEqual({
        code: 4403,
        reason: 'Only Dr. Priya Raman can join this video visit: it is booked with them.',
      });
    }
    const foreign = await staffSignal(s.foreignAgent.email, appt._id);
    expect((await foreign.closed).code).toBe(4404);

    const doctor = await staffSignal(s.provider.email, appt._id);
    await doctor.waitFor((m) => m.type === 'ready');
    const rows = await auditRows(appt._id);
    expect(
      rows.filter((r) => r.action.startsWith('join')).map((r) => [r.action, r.userId]),
    ).toEqual([
      ['join_refused', s.staff.id],
      ['join_refused', s.nurse.id],
      ['join_refused', s.admin.id],
      ['join', s.provider.id],
    ]);
    expect(rows.find((r) => r.action === 'join')).toMatchObject({
      patientId: s.patient.id,
      details: { by: 'staff' },
    });
    doctor.close();
  });

  it('tells the patient the name of who joined', async () => {
    const appt = await booked();
    env.setNow(minutesFromStart(-5));
    const patient = await patientSignal(appt.token);
    await patient.waitFor((m) => m.type === 'ready');
    const doctor = await staffSignal(s.provider.email, appt._id);
    const joined = await patient.waitFor((m) => m.type === 'peer-joined');
    expect(joined).toMatchObject({ from: 'staff', name: 'Dr. Priya Raman' });
    // A browser cannot pass itself off as someone else: the server names every sender.
    doctor.send({ type: 'hello', name: 'Someone Else' });
    expect(await patient.waitFor((m) => m.type === 'hello')).toMatchObject({
      name: 'Dr. Priya Raman',
    });
    patient.close();
    doctor.close();
  });

  it('holds two people: a second window is refused, the same window reconnecting takes its place', async () => {
    const appt = await booked();
    env.setNow(minutesFromStart(-5));
    const doctor = await staffSignal(s.provider.email, appt._id);
    await doctor.waitFor((m) => m.type === 'ready');
    const patient = await patientSignal(appt.token);
    await doctor.waitFor((m) => m.type === 'peer-joined');

    const third = await patientSignal(appt.token, 'patient-tab-2');
    expect(await third.closed).toEqual({ code: 4409, reason: VISIT_ALREADY_OPEN.slice(0, 120) });
    const secondDoctorTab = await staffSignal(s.provider.email, appt._id, 'staff-tab-2');
    expect((await secondDoctorTab.closed).code).toBe(4409);

    // Its network dropped without the server noticing: the same tab comes back.
    const again = await patientSignal(appt.token);
    await again.waitFor((m) => m.type === 'ready');
    expect(await patient.closed).toEqual({ code: 4409, reason: VISIT_OPENED_ELSEWHERE });
    again.send({ type: 'hello' });
    await doctor.waitFor((m) => m.type === 'hello');
    expect(doctor.received.filter((m) => m.type === 'peer-left')).toEqual([]);
    const staffJoins = (await auditRows(appt._id)).filter((r) => r.action === 'join');
    expect(staffJoins.filter((r) => r.userId === s.provider.id)).toHaveLength(1);

    // Leaving frees the place for another window.
    again.close();
    await doctor.waitFor((m) => m.type === 'peer-left');
    const later = await patientSignal(appt.token, 'patient-tab-2');
    await later.waitFor((m) => m.type === 'ready');
    later.close();
    doctor.close();
  });

  it('frees a place whose holder stopped beating, as after an instance died', async () => {
    const appt = await booked();
    env.setNow(minutesFromStart(-5));
    const first = await patientSignal(appt.token);
    await first.waitFor((m) => m.type === 'ready');
    env.advance(59_000);
    expect((await (await patientSignal(appt.token, 'patient-tab-2')).closed).code).toBe(4409);
    env.advance(1_000);
    const second = await patientSignal(appt.token, 'patient-tab-2');
    await second.waitFor((m) => m.type === 'ready');
    expect((await first.closed).code).toBe(4409);
    second.close();
  });
});
