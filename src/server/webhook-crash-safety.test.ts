import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import * as t from './db/schema';
import { clinicScenario, type ClinicScenario } from './test/scenario';
import { TEST_PASSWORD } from './test/auth-helpers';
import { bookFirstSlot, httpSignIn, spawnServer, type SpawnedServer } from './test/spawn-server';
import { spawnedServerDatabase, type SpawnedServerDatabase } from './test/spawned-database';
import { startWebhookReceiver, type WebhookReceiver } from './test/webhook-receiver';

// Kills the real server process (SIGKILL) while a receiver holds a webhook delivery unanswered,
// starts it again, and checks the delivery still arrives, under the same webhook-id.

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
let database: SpawnedServerDatabase<ClinicScenario>;
let env: Record<string, string>;
let s: ClinicScenario;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  database = await spawnedServerDatabase('webhook-crash', async (db) => {
    const scenario = await clinicScenario(db.db);
    await db.db.insert(t.webhookEndpoints).values({
      url: receiver.url,
      events: ['appointment.created'],
      clinicIds: [scenario.clinic.id],
      secret: SECRET,
    });
    return scenario;
  });
  s = database.seeded;
  env = {
    ...database.env,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_TIMEOUT_MS: '1000',
    OUTBOX_POLL_MS: '200',
  };
}, 120_000);
afterAll(async () => {
  await receiver.close();
  await database?.destroy();
});

async function until(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a server killed mid-delivery', () => {
  it('delivers the webhook at least once after the restart, with the same webhook-id', async () => {
    // The first request is held unanswered: the server dies while it waits.
    receiver.answer((n) => (n === 1 ? 'hang' : 200));
    let server: SpawnedServer = await spawnServer(env);
    const api = await httpSignIn(server.base, s.staff.email, TEST_PASSWORD);
    const booked = await bookFirstSlot(api, s, 4);
    expect(booked.status).toBe(201);
    const appointment = (await booked.json()) as { _id: string };

    await until(() => receiver.received.length === 1, 20_000);
    await server.kill('SIGKILL');

    server = await spawnServer(env);
    try {
      // After the lease of the dead worker's claim runs out, the new process sends it again.
      await until(() => receiver.received.length >= 2, 30_000);
    } finally {
      await server.kill('SIGTERM');
    }
    const [first, second] = receiver.received;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    const payload = new Webhook(SECRET).verify(second!.body, second!.headers) as {
      type: string;
      data: { _id: string };
    };
    expect(payload).toMatchObject({ type: 'appointment.created', data: { _id: appointment._id } });
    const rows = await database.withDatabase((db) => db.db.select().from(t.webhookDeliveries));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', responseStatus: 200 });
  }, 120_000);
});
