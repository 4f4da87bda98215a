import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { startOwnPostgres, type OwnPostgres } from './test/own-postgres';
import { openDatabase, type DbHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { buildTestApp } from './test/test-app';
import { signIn } from './test/auth-helpers';
import { bookThroughApi, clinicScenario, createBody, type ClinicScenario } from './test/scenario';
import { WAL_COOKIE } from './plugins/replica-reads';
import type { App } from './app';

// A real primary and a real streaming replica of it (pg_basebackup), servers of this test's own
// on ports of its range: replay is paused and the replica stopped, which the shared server at
// 5432 must never see. ADR 063.
let primary: OwnPostgres;
let replica: OwnPostgres;
let handle: DbHandle;
let app: App;
let s: ClinicScenario;
let spoolDir: string;

async function one<T>(url: string, text: string, values: unknown[] = []): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows[0] as T;
  } finally {
    await client.end();
  }
}

/** Waits until the replica has replayed everything the primary has written so far. */
async function replicaCaughtUp() {
  const { lsn } = await one<{ lsn: string }>(
    primary.url,
    'select pg_current_wal_lsn()::text as lsn',
  );
  for (;;) {
    const { done } = await one<{ done: boolean }>(
      replica.url,
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
      [lsn],
    );
    if (done) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A signed-in caller that keeps the cookies the app sets, as a browser does. */
async function browserOf(email: string) {
  const jar = new Map<string, string>();
  const [name, value] = (await signIn(app, email)).split('=') as [string, string];
  jar.set(name, value);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) jar.set(c.name, c.value);
    return res;
  };
  return {
    jar,
    get: async (url: string) =>
      keep(await app.inject({ method: 'GET', url, headers: { cookie: cookie() } })),
    post: async (url: string, payload: object, headers: Record<string, string> = {}) =>
      keep(
        await app.inject({
          method: 'POST',
          url,
          payload,
          headers: { cookie: cookie(), ...headers },
        }),
      ),
  };
}

const soon = (days: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(15, 0, 0, 0);
  return at.toISOString();
};

const stats = () => ({ ...handle.replica!.stats });

beforeAll(async () => {
  primary = await startOwnPostgres({ port: 48211, maxConnections: 40 });
  replica = await startOwnPostgres({ port: 48212, maxConnections: 40, replicaOf: primary });
  handle = await openDatabase({ url: primary.url, readUrl: replica.url, poolMax: 4 });
  await runMigrations(handle);
  s = await clinicScenario(handle.db);
  spoolDir = mkdtempSync(path.join(tmpdir(), 'carebook-replica-spool-'));
  app = await buildTestApp(handle, { config: { AUDIT_SPOOL_DIR: spoolDir } });
  await replicaCaughtUp();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await handle?.close();
  if (spoolDir) rmSync(spoolDir, { recursive: true, force: true });
  replica?.destroy();
  primary?.destroy();
});

describe('reads on a streaming replica (DATABASE_READ_URL)', () => {
  it('answers another user from the replica, and the writer from the primary until the replica has replayed its write', async () => {
    const writer = await browserOf(s.staff.email);
    const other = await browserOf(s.admin.email);
    await replicaCaughtUp();
    await one(replica.url, 'select pg_wal_replay_pause()');
    let id: string;
    try {
      const booked = await bookThroughApi(writer, s, soon(3));
      id = booked._id;
      // The change's answer carries the primary's WAL position after its commit.
      expect(writer.jar.get(WAL_COOKIE)).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);

      // Someone else's list is the replica's, which does not have the booking yet (and is not kept
      // for reuse under the primary's data versions, or the writer would be given it next).
      let before = stats();
      const theirs = await other.get('/api/appointments/paginated');
      expect(theirs.statusCode).toBe(200);
      expect(theirs.body).not.toContain(id);
      const counted = await other.get('/api/appointments/counts');
      expect(counted.statusCode).toBe(200);
      expect(stats().replica).toBe(before.replica + 2);

      // The writer reads their own write: the paused replica has not replayed it, so the primary.
      before = stats();
      const own = await writer.get('/api/appointments/paginated');
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain(id);
      expect(stats().behind).toBe(before.behind + 1);
      expect(stats().replica).toBe(before.replica);

      // A primary-only read (one appointment, its contract says nothing of replicas) sees it.
      before = stats();
      const single = await other.get(`/api/appointments/${id}`);
      expect(single.statusCode).toBe(200);
      expect(stats()).toEqual(before);
    } finally {
      await one(replica.url, 'select pg_wal_replay_resume()');
    }
    // Replay resumed and caught up: the writer's list comes from the replica, with the booking.
    await replicaCaughtUp();
    const before = stats();
    const later = await writer.get('/api/appointments/paginated');
    expect(later.body).toContain(id);
    expect(stats().replica).toBe(before.replica + 1);
  });

  it('falls back to the primary, with no failed request, when the replica is down', async () => {
    const reader = await browserOf(s.provider.email);
    const writer = await browserOf(s.staff.email);
    const booked = await bookThroughApi(writer, s, soon(4));
    await replicaCaughtUp();
    // The read pool holds idle connections to the replica: they die with it.
    expect((await reader.get('/api/appointments/paginated')).statusCode).toBe(200);
    replica.stop('fast');
    try {
      const before = stats();
      for (let i = 0; i < 3; i++) {
        const res = await reader.get('/api/appointments/paginated');
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(booked._id);
      }
      expect(stats().unavailable).toBe(before.unavailable + 3);
      expect(stats().replica).toBe(before.replica);
    } finally {
      replica.start();
    }
    await replicaCaughtUp();
    const before = stats();
    expect((await reader.get('/api/appointments/paginated')).statusCode).toBe(200);
    expect(stats().replica).toBe(before.replica + 1);
  });

  it('answers replica reads with the session read on the replica while the primary is down, audits the list on the instance’s disk until a primary takes the rows, and refuses a session revoked before it went', async () => {
    const reader = await browserOf(s.provider.email);
    const writer = await browserOf(s.staff.email);
    const revoked = await browserOf(s.admin.email);
    const booked = await bookThroughApi(writer, s, soon(7));
    const id = booked._id;
    expect((await revoked.post('/api/auth/logout', {})).statusCode).toBeLessThan(300);
    // Seen a minute ago: a lookup on the primary would now write the session's last-seen time,
    // which a lookup on the replica must not try (the write would fail with the primary gone).
    await one(primary.url, `update sessions set last_seen_at = now() - interval '1 minute'`);
    await replicaCaughtUp();
    const spooledReads = () =>
      one<{ n: number }>(
        primary.url,
        `select count(*)::int as n from audit_log
          where user_id = $1 and spool_key is not null and $2::uuid = any(entity_ids)`,
        [s.provider.id, id],
      );

    primary.stop('immediate');
    try {
      // The counts name no patient and write nothing: the replica answers them.
      const before = stats();
      const counts = await reader.get('/api/appointments/counts');
      expect(counts.statusCode, counts.body).toBe(200);
      expect((await writer.get('/api/appointments/counts')).statusCode).toBe(200);
      // Each read its session there, then its answer.
      expect(stats().replica).toBe(before.replica + 4);
      // Signed out before the primary went: no session on the replica either.
      expect((await revoked.get('/api/appointments/counts')).statusCode).toBe(401);
      // The list names patients, and each such read is audited: its audit row cannot reach a
      // primary, so it is kept on this instance's disk first, then the list is answered
      // (ADR 063).
      const list = await reader.get('/api/appointments/paginated');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.body).toContain(id);
      const spool = readFileSync(path.join(spoolDir, 'pending.jsonl'), 'utf8');
      expect(spool).toContain(s.provider.id);
      expect(spool).toContain(id);
      // A primary-only endpoint still waits for a primary.
      const single = await reader.get(`/api/appointments/${id}`);
      expect(single.statusCode, single.body).toBe(503);
    } finally {
      primary.start();
    }
    let again = await reader.get(`/api/appointments/${id}`);
    for (let i = 0; i < 20 && again.statusCode === 503; i++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await reader.get(`/api/appointments/${id}`);
    }
    expect(again.statusCode).toBe(200);
    // The spooled row reaches the primary once it is back (tried every two seconds), once.
    for (let i = 0; i < 100 && (await spooledReads()).n === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await spooledReads()).n).toBe(1);
    await replicaCaughtUp();
  });

  it('sets no WAL cookie and reads only the primary without DATABASE_READ_URL', async () => {
    const plain = await openDatabase({ url: primary.url, poolMax: 2 });
    const plainApp = await buildTestApp(plain);
    try {
      const cookie = await signIn(plainApp, s.staff.email);
      const res = await plainApp.inject({
        method: 'POST',
        url: '/api/appointments',
        payload: createBody(s, soon(5)),
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.cookies.map((c) => c.name)).not.toContain(WAL_COOKIE);
      expect(plain.replica).toBeUndefined();
    } finally {
      await plainApp.close();
      await plain.close();
    }
  });

  it('answers 503 within the statement timeout when no synchronous standby is left, and a retry with the key only once the standby has the booking', async () => {
    // synchronous_mode_strict with both replicas gone, in small: one synchronous standby, stopped.
    await one(primary.url, "alter system set synchronous_standby_names = '*'");
    await one(primary.url, 'select pg_reload_conf()');
    const strict = await openDatabase({ url: primary.url, poolMax: 4, statementTimeoutMs: 1_000 });
    const strictApp = await buildTestApp(strict);
    const cookie = await signIn(strictApp, s.staff.email);
    const book = (key: string) =>
      strictApp.inject({
        method: 'POST',
        url: '/api/appointments',
        payload: createBody(s, soon(6)),
        headers: { cookie, 'idempotency-key': key },
      });
    try {
      await replicaCaughtUp();
      replica.stop('fast');
      const started = Date.now();
      const first = await book('strict-1');
      expect(first.statusCode, first.body).toBe(503);
      expect(Date.now() - started).toBeLessThan(5_000);
      // The booking is on the primary's disk alone: its retry is not answered from it yet.
      const retried = await book('strict-1');
      expect(retried.statusCode, retried.body).toBe(503);
      // A read that writes nothing still answers.
      const read = await strictApp.inject({
        method: 'GET',
        url: `/api/appointments/${s.foreignAppointment.id}`,
        headers: { cookie },
      });
      expect(read.statusCode).not.toBe(503);

      replica.start();
      let answer = await book('strict-1');
      for (let i = 0; i < 20 && answer.statusCode === 503; i++) answer = await book('strict-1');
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.headers['idempotent-replayed']).toBe('true');
      const { n } = await one<{ n: number }>(
        primary.url,
        'select count(*)::int as n from appointments where start_at = $1',
        [soon(6)],
      );
      expect(n).toBe(1);
    } finally {
      await one(primary.url, "alter system set synchronous_standby_names = ''");
      await one(primary.url, 'select pg_reload_conf()');
      await strictApp.close();
      await strict.close();
    }
  });
});
