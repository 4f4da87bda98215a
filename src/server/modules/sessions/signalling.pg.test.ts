import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { buildTestApp } from '../../test/test-app';
import { apiAs } from '../../test/api-client';
import { clinicScenario, createBody } from '../../test/scenario';
import { openSignal } from '../../test/ws-client';
import { createPostgresBus, type SignalBus } from '../../realtime/signal-bus';
import type { App } from '../../app';
import { VISIT_ALREADY_OPEN, VISIT_OPENED_ELSEWHERE } from '@contracts/session';

let testDb: TestDatabase;
const apps: App[] = [];
const buses: SignalBus[] = [];
const clock = new Date('2026-11-24T14:55:00Z');

beforeAll(async () => {
  testDb = await createTestDatabase();
  for (let i = 0; i < 2; i++) {
    const bus = await createPostgresBus(testDb.handle.url!, testDb.handle.pool!, {
      warn: () => {},
    });
    const app = await buildTestApp(testDb.handle, { now: () => clock, signalBus: bus });
    await app.listen({ port: 0, host: '127.0.0.1' });
    buses.push(bus);
    apps.push(app);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const bus of buses) await bus.close();
  await testDb.destroy();
});

const url = (app: App) =>
  `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/session/signal`;

/**
 * A booked visit starting soon, the provider connected on the second instance and the patient on
 * the first, once the provider has seen the patient arrive.
 */
async function providerAndPatientAcrossInstances() {
  const s = await clinicScenario(testDb.handle.db);
  const staff = await apiAs(apps[0]!, s.staff.email);
  const appt = (
    await staff.post('/api/appointments', createBody(s, '2026-11-24T15:00:00.000Z'))
  ).json();
  expect(appt._id).toBeTruthy();
  const provider = await apiAs(apps[1]!, s.provider.email);
  const doctor = await openSignal(`${url(apps[1]!)}?appointmentId=${appt._id}`, {
    cookie: provider.cookie,
  });
  await doctor.waitFor((m) => m.type === 'ready');
  const patient = await openSignal(`${url(apps[0]!)}?token=${appt.token}&client=patient-window`);
  await doctor.waitFor((m) => m.type === 'peer-joined' && m.from === 'patient');
  return { doctor, patient, token: appt.token as string };
}

describe('signalling across two app instances on one PostgreSQL', () => {
  it('connects a patient on one instance with the provider on the other, large offers included', async () => {
    const { doctor, patient } = await providerAndPatientAcrossInstances();
    // A real SDP offer with many candidates can pass NOTIFY's 8000-byte limit.
    const sdp = `v=0\r\n${'a=candidate:1 1 udp 2122260223 192.168.1.20 54321 typ host\r\n'.repeat(300)}`;
    patient.send({ type: 'description', description: { type: 'offer', sdp } });
    const offer = await doctor.waitFor((m) => m.type === 'description');
    expect((offer.description as { sdp: string }).sdp).toBe(sdp);
    doctor.send({ type: 'description', description: { type: 'answer', sdp: 'v=0 answer' } });
    await patient.waitFor((m) => m.type === 'description' && m.from === 'staff');
    patient.close();
    doctor.close();
  });

  it("hands one peer's messages on in the order they were sent, across instances", async () => {
    const { doctor, patient } = await providerAndPatientAcrossInstances();
    // An offer and then its candidates at once, as a browser sends them: a candidate that
    // arrives before its offer cannot be used.
    patient.send({ type: 'description', description: { type: 'offer', sdp: 'v=0 offer' } });
    for (let i = 0; i < 60; i++) patient.send({ type: 'candidate', candidate: { i } });
    await doctor.waitFor((m) => m.type === 'candidate' && (m.candidate as { i: number }).i === 59);
    const order = doctor.received
      .filter((m) => m.type === 'description' || m.type === 'candidate')
      .map((m) => (m.type === 'description' ? 'offer' : (m.candidate as { i: number }).i));
    expect(order).toEqual(['offer', ...Array.from({ length: 60 }, (_, i) => i)]);
    patient.close();
    doctor.close();
  });

  it('keeps the room at two people across instances, and a reconnecting window takes its place on either', async () => {
    const { doctor, patient, token } = await providerAndPatientAcrossInstances();
    const elsewhere = await openSignal(`${url(apps[1]!)}?token=${token}&client=other-window`);
    expect(await elsewhere.closed).toEqual({ code: 4409, reason: VISIT_ALREADY_OPEN });
    // The patient's tab reconnects through the other instance: the old socket there is closed.
    const back = await openSignal(`${url(apps[1]!)}?token=${token}&client=patient-window`);
    await back.waitFor((m) => m.type === 'ready');
    expect(await patient.closed).toEqual({ code: 4409, reason: VISIT_OPENED_ELSEWHERE });
    back.send({ type: 'hello' });
    expect(await doctor.waitFor((m) => m.type === 'hello')).toMatchObject({ name: 'José' });
    back.close();
    doctor.close();
  });
});
