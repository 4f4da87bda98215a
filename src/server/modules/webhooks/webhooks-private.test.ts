import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import * as t from '../../db/schema';
import { bookThroughApi } from '../../test/scenario';
import { useScenario, useTestApp } from '../../test/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { createWebhookWorker } from './webhook-worker';

// WEBHOOK_ALLOW_PRIVATE is off here, as in production.
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff, admin } = useScenario(env, 'admin');
beforeEach(async () => {
  receiver.received.length = 0;
});

describe('private addresses', () => {
  it.each([
    'http://127.0.0.1:8080/hooks',
    'http://localhost/hooks',
    'http://[::1]/hooks',
    'http://[::ffff:127.0.0.1]/hooks',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.8/hooks',
    // Issue 38: each of these reached the machine itself or a non-public network, and was accepted.
    'http://[::127.0.0.1]/hooks',
    'http://[::7f00:1]/hooks',
    'http://[::ffff:0:7f00:1]/hooks',
    'http://[2002:7f00:1::1]/hooks',
    'http://[fec0::1]/hooks',
  ])('refuses to register %s', async (url) => {
    const res = await admin.post('/api/admin/webhooks', {
      url,
      events: ['appointment.created'],
      clinicIds: [s.clinic.id],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'unprocessable',
      message: expect.stringMatching(/private, loopback or link-local/),
    });
    // The app shows details first: a field's name there would hide the reason (spec §8).
    expect(res.json().details).toBeUndefined();
    expect(res.json().fields).toEqual([{ field: 'url', message: res.json().message }]);
  });

  it('checks again at delivery: an address that turned private is not called', async () => {
    // As if the name resolved to a public address when it was registered.
    for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
      await env.db.insert(t.webhookEndpoints).values({
        url,
        events: ['appointment.created'],
        clinicIds: [s.clinic.id],
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      });
    }
    await bookThroughApi(staff, s, '2026-11-24T15:00:00Z');
    const w = createWebhookWorker(
      {
        config: testConfig({ OUTBOX_POLL_MS: 3_600_000 }),
        db: env.handle,
        now: () => env.now(),
        version: 'test',
      },
      { logger: env.app.log },
    );
    expect(await w.runOnce()).toBe(0);
    await w.stop();
    expect(receiver.received).toEqual([]);
    const rows = await env.db.select().from(t.webhookDeliveries);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
      expect(row.lastError).toMatch(/private, loopback or link-local/);
    }
  });
});
