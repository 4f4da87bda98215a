import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startOwnPostgres, type OwnPostgres } from '../test/own-postgres';
import { spawnServer } from '../test/spawn-server';
import { withDatabase } from '../test/global-setup';
import { createPostgresBus, type SignalBus, type SignalEnvelope } from './signal-bus';

// The database is really stopped and started here, so it is a server of this test's own: the
// shared one serves every other test. Few connections allowed, so a leak shows as refusals.
let server: OwnPostgres;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  server = await startOwnPostgres({ maxConnections: 20 });
});
afterAll(async () => {
  for (const pool of pools) await pool.end().catch(() => {});
  server?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function listeners(): Promise<number> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where application_name = 'carebook-signal'",
    );
    return rows[0]!.n;
  } finally {
    await admin.end();
  }
}

/** One app instance's bus, with its own pool and its own count of warnings. */
async function instance() {
  const pool = new pg.Pool({ connectionString: server.url, max: 2 });
  pool.on('error', () => {});
  pools.push(pool);
  const warnings: string[] = [];
  const bus = await createPostgresBus(server.url, pool, {
    warn: (_obj, msg) => warnings.push(msg ?? ''),
  });
  const received: SignalEnvelope[] = [];
  bus.subscribe((e) => received.push(e));
  return { bus, warnings, received };
}

async function waitFor(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) return false;
    await sleep(200);
  }
  return true;
}

async function timedClose(bus: SignalBus) {
  const started = Date.now();
  await bus.close();
  return Date.now() - started;
}

describe('the signalling bus when PostgreSQL stops and starts again', () => {
  it('keeps one listener per instance, delivers each message once, and shuts down at once', async () => {
    // Two buses as in two instances, and a real server process, whose SIGTERM must still work.
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('create database carebook');
    await admin.end();
    const app = await spawnServer({ DATABASE_URL: withDatabase(server.url, 'carebook') });
    let exit: { ms: number; code: number | null } | undefined;
    try {
      const a = await instance();
      const b = await instance();
      expect(await listeners()).toBe(3);

      server.stop('fast');
      await sleep(8_000);
      server.start();

      expect(await waitFor(async () => (await listeners()) === 3, 15_000)).toBe(true);
      // Not just momentarily three: no second loop is still on its way back.
      await sleep(3_000);
      expect(await listeners()).toBe(3);
      // Retries back off: a handful of attempts over eight seconds, not a storm.
      expect(a.warnings.length).toBeLessThan(12);
      expect(b.warnings.length).toBeLessThan(12);
      expect((await fetch(`${app.base}/api/health`)).status).toBe(200);

      for (let i = 0; i < 10; i++) {
        await a.bus.publish({ room: 'r', senderId: `a${i}`, role: 'patient', message: i });
        await b.bus.publish({ room: 'r', senderId: `b${i}`, role: 'staff', message: i });
      }
      expect(await waitFor(async () => a.received.length >= 20 && b.received.length >= 20, 5_000));
      await sleep(500);
      const expected = Array.from({ length: 10 }, (_, i) => [`a${i}`, `b${i}`])
        .flat()
        .sort();
      expect(a.received.map((e) => e.senderId).sort()).toEqual(expected);
      expect(b.received.map((e) => e.senderId).sort()).toEqual(expected);

      expect(await timedClose(a.bus)).toBeLessThan(2_000);
      expect(await timedClose(b.bus)).toBeLessThan(2_000);
    } finally {
      const started = Date.now();
      const code = await app.kill('SIGTERM');
      exit = { ms: Date.now() - started, code };
    }
    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan(2_000);
    expect(await waitFor(async () => (await listeners()) === 0, 2_000)).toBe(true);
  }, 60_000);

  it('closes at once while the database is down and it is waiting to retry', async () => {
    const a = await instance();
    server.stop('fast');
    try {
      // Long enough for a few failed attempts and a backoff in progress.
      await sleep(2_500);
      expect(a.warnings.length).toBeGreaterThan(0);
      expect(await timedClose(a.bus)).toBeLessThan(2_000);
      const attempts = a.warnings.length;
      await sleep(2_000);
      // Closed means closed: no loop left trying in the background.
      expect(a.warnings.length).toBe(attempts);
    } finally {
      server.start();
    }
    expect(await listeners()).toBe(0);
  }, 30_000);
});
