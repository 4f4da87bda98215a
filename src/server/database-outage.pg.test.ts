import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test/test-db';
import { buildTestApp } from './test/test-app';
import { apiAs, type Api } from './test/api-client';
import { clinicScenario } from './test/scenario';
import { startTcpProxy } from './test/tcp-proxy';
import { openDatabase, type DbHandle } from './db/client';
import { createOutboxWorker } from './modules/notifications';
import { testConfig } from './config';
import type { App } from './app';

let testDb: TestDatabase;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let viaProxy: DbHandle;
let app: App;
let staff: Api;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const scenario = await clinicScenario(testDb.handle.db);
  const direct = new URL(testDb.handle.url!);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const url = new URL(direct);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  viaProxy = await openDatabase({
    url: url.toString(),
    connectTimeoutMs: 1_000,
    statementTimeoutMs: 2_000,
  });
  app = await buildTestApp(viaProxy);
  staff = await apiAs(app, scenario.staff.email);
});
afterAll(async () => {
  await app.close();
  await viaProxy.close();
  await proxy.close();
  await testDb.destroy();
});

describe('when the database goes away', () => {
  it('answers 503 quickly with a clear message, says so at /api/health, and recovers by itself', async () => {
    expect((await staff.get('/api/appointments/paginated')).statusCode).toBe(200);
    proxy.cut();

    const started = Date.now();
    const res = await staff.get('/api/appointments/paginated');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: 'service_unavailable',
      message: 'The database is unavailable. Please try again shortly.',
    });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
    const write = await staff.post('/api/clinics/none/patients', {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
    });
    expect(write.statusCode).toBe(503);

    proxy.restore();
    let recovered = 0;
    for (let i = 0; i < 20 && recovered !== 200; i++) {
      recovered = (await staff.get('/api/appointments/paginated')).statusCode;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Nothing leaked: every client the outage touched went back to the pool or was destroyed.
    const pool = viaProxy.pool!;
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('answers a rate-limited call 503, not 500, when its counter cannot be written', async () => {
    proxy.cut();
    const res = await app.inject({ method: 'GET', url: `/api/offers/${'A'.repeat(32)}` });
    const feed = await app.inject({ method: 'GET', url: `/ical/${'b'.repeat(43)}.ics` });
    proxy.restore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'service_unavailable',
      message: 'The database is unavailable. Please try again shortly.',
    });
    expect(feed.statusCode).toBe(503);
  });

  it('lets the outbox worker pick up where it stopped', async () => {
    proxy.cut();
    const worker = createOutboxWorker(
      {
        config: testConfig({ SMTP_URL: 'smtp://127.0.0.1:9' }),
        db: viaProxy,
        now: () => new Date(),
        version: 'test',
      },
      { logger: app.log },
    );
    await expect(worker.runOnce()).rejects.toThrow();
    proxy.restore();
    await expect(worker.runOnce()).resolves.toBe(0);
    await worker.stop();
  });
});
