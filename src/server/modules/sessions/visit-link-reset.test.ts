import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { VISIT_LINK_REPLACED } from '@contracts/session';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { buildTestApp } from '../../test/test-app';
import { apiAs } from '../../test/api-client';
import { clinicScenario, createBody } from '../../test/scenario';
import { openSignal } from '../../test/ws-client';
import type { App } from '../../app';

// A link replaced by staff (it was forwarded to the wrong person) must not keep a window that
// came in through it in the visit: the next heartbeat ends it, and the place is free again.

let testDb: TestDatabase;
let app: App;
const clock = new Date('2026-11-24T14:55:00Z');

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.handle, {
    now: () => clock,
    config: { SIGNAL_HEARTBEAT_MS: 150 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await testDb.destroy();
});

const signalUrl = () =>
  `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/session/signal`;

describe('a visit link reset while the patient is in the visit', () => {
  it('closes the window that came in through the old link; the new link takes the place', async () => {
    const s = await clinicScenario(testDb.handle.db);
    const staff = await apiAs(app, s.staff.email);
    const appt = (
      await staff.post('/api/appointments', createBody(s, '2026-11-24T15:00:00.000Z'))
    ).json();
    const old = await openSignal(`${signalUrl()}?token=${appt.token}&client=old-window`);
    await old.waitFor((m) => m.type === 'ready');

    // Untouched, the window stays through several beats.
    await new Promise((r) => setTimeout(r, 500));
    expect(old.socket.readyState).toBe(old.socket.OPEN);

    const reset = await staff.post(`/api/appointments/${appt._id}/link-reset`, {});
    expect(reset.statusCode).toBe(200);
    const newToken = reset.json().token as string;
    expect(newToken).not.toBe(appt.token);

    expect(await old.closed).toEqual({ code: 4410, reason: VISIT_LINK_REPLACED.slice(0, 120) });
    const fresh = await openSignal(`${signalUrl()}?token=${newToken}&client=new-window`);
    await fresh.waitFor((m) => m.type === 'ready');
    fresh.close();
  });
});
