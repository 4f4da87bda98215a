import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';
import { sql } from 'drizzle-orm';
import {
  CLUSTER_DIR,
  hasCluster,
  startEmbeddedPostgres,
  stopLeftoverServer,
} from './embedded-postgres';
import { chooseEmbeddedEngine, openConfiguredDatabase } from './open';
import { testConfig } from '../config';
import { backupEmbedded, restoreEmbedded } from './backup';
import { clinicScenario } from '../test/scenario';
import { TEST_PASSWORD } from '../test/auth-helpers';
import { bookFirstSlot, httpSignIn, spawnServer, type SpawnedServer } from '../test/spawn-server';

// The app-managed PostgreSQL server, the embedded default (ADR 024): made once, started and
// stopped with the app, cleaned up after an app killed with SIGKILL, backed up and restored.
// Runs in the embedded (PGlite) project only: it needs no outside server.

const roots: string[] = [];
// A failed expectation must not leave an app (and its database server) running.
const servers: SpawnedServer[] = [];
const spawnApp = async (env: Record<string, string>) => {
  const server = await spawnServer(env);
  servers.push(server);
  return server;
};
const newRoot = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'carebook-embedded-pg-'));
  roots.push(root);
  return root;
};
afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill('SIGTERM')));
  for (const root of roots) await stopLeftoverServer(root);
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The running cluster's postmaster pid and port, from its lock file. */
function postmaster(root: string) {
  const lines = readFileSync(path.join(root, CLUSTER_DIR, 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** A connection beside the app's, as any PostgreSQL client would make one. */
function connect(root: string) {
  const { password } = JSON.parse(
    readFileSync(path.join(root, 'postgres-secret.json'), 'utf8'),
  ) as { password: string };
  const { port } = postmaster(root);
  return openDatabase({
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
  });
}

describe('the embedded PostgreSQL server', () => {
  it('is made once, keeps its data across restarts, and leaves no process behind when stopped', async () => {
    const root = newRoot();
    const first = await startEmbeddedPostgres(root);
    expect(hasCluster(root)).toBe(true);
    const db = await openDatabase({ url: first.url });
    const [info] = await queryRows<{ version: string; locale: string; listen: string }>(
      db.db,
      sql`select current_setting('server_version') as version,
                 (select datlocale from pg_database where datname = 'postgres') as locale,
                 current_setting('listen_addresses') as listen`,
    );
    expect(info).toEqual({
      version: expect.stringMatching(/^18\./),
      locale: 'C.UTF-8',
      listen: '127.0.0.1',
    });
    await db.exec(`create extension btree_gist; create extension pg_trgm;
                   create table kept (v text); insert into kept values ('still here')`);
    await db.close();
    await first.stop();
    expect(alive(first.pid)).toBe(false);
    expect(existsSync(path.join(root, CLUSTER_DIR, 'postmaster.pid'))).toBe(false);

    const second = await startEmbeddedPostgres(root);
    // The port is asked of the kernel at each start and may come out the same as before: the
    // URL is not compared, the data is.
    const again = await openDatabase({ url: second.url });
    expect(await queryRows(again.db, sql`select v from kept`)).toEqual([{ v: 'still here' }]);
    await again.close();
    await second.stop();
  }, 60_000);

  it('comes back by itself on the same address when its server is killed from outside', async () => {
    const lines: string[] = [];
    const server = await startEmbeddedPostgres(newRoot(), { onLog: (line) => lines.push(line) });
    const db = await openDatabase({ url: server.url, connectTimeoutMs: 1_000 });
    await db.exec(`create table kept (v text); insert into kept values ('committed')`);
    const killed = server.pid;
    process.kill(killed, 'SIGKILL');
    await expect
      .poll(() => lines.join('\n'))
      .toMatch(/server stopped \(SIGKILL\); starting it again/);
    expect(await db.ping()).toBe(false);
    await expect.poll(() => db.ping(), { timeout: 30_000, interval: 200 }).toBe(true);
    // The pool may reach the new server a moment before the supervisor's own readiness check
    // (connect, query, end) returns and records the new process: wait for its word first.
    await expect.poll(() => lines.join('\n')).toMatch(/is running again/);
    expect(server.pid).not.toBe(killed);
    expect(await queryRows(db.db, sql`select v from kept`)).toEqual([{ v: 'committed' }]);
    await db.close();
    const last = server.pid;
    await server.stop();
    expect(alive(last)).toBe(false);
  }, 60_000);

  it('refuses a connection without the password it made', async () => {
    const root = newRoot();
    const server = await startEmbeddedPostgres(root);
    try {
      const wrong = server.url.replace(/:[^:@/]+@/, ':guessed@');
      const db = await openDatabase({ url: wrong, connectTimeoutMs: 2_000 });
      await expect(db.exec('select 1')).rejects.toThrow(/password authentication failed/);
      await db.close();
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('after the app is killed with SIGKILL, the next start stops the server it left and loses nothing committed', async () => {
    const root = newRoot();
    const env = { DATA_DIR: root, DATABASE_URL: '', EMBEDDED_DATABASE: 'auto' };
    let server = await spawnApp(env);
    expect(hasCluster(root)).toBe(true);

    const db = await connect(root);
    const s = await clinicScenario(db.db);
    await db.close();
    let api = await httpSignIn(server.base, s.staff.email, TEST_PASSWORD);
    const booked = await bookFirstSlot(api, s, 1);
    expect(booked.status).toBe(201);
    const { _id } = (await booked.json()) as { _id: string };

    await server.kill('SIGKILL');
    const left = postmaster(root).pid;
    expect(alive(left)).toBe(true); // the app had no chance to stop it

    server = await spawnApp(env);
    expect(alive(left)).toBe(false);
    api = await httpSignIn(server.base, s.staff.email, TEST_PASSWORD);
    expect((await api(`/api/appointments/${_id}`)).status).toBe(200);

    const running = postmaster(root).pid;
    expect(await server.kill('SIGTERM')).toBe(0);
    expect(alive(running)).toBe(false);
  }, 120_000);

  it('is backed up while stopped and restored in place; a running server refuses both', async () => {
    const root = newRoot();
    const server = await spawnApp({ DATA_DIR: root, DATABASE_URL: '' });
    const db = await connect(root);
    await clinicScenario(db.db);
    const count = async (handle: typeof db) =>
      (await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from patients`))[0]!
        .n;
    const patients = await count(db);
    await db.close();
    const file = path.join(root, 'backup.tar.gz');
    await expect(backupEmbedded(root, file)).rejects.toThrow(/is using/);
    expect(await server.kill('SIGTERM')).toBe(0);

    await backupEmbedded(root, file);
    rmSync(path.join(root, CLUSTER_DIR), { recursive: true });
    await restoreEmbedded(root, file);
    await expect(restoreEmbedded(root, file)).rejects.toThrow(/--force/);
    await restoreEmbedded(root, file, { force: true });

    const restarted = await startEmbeddedPostgres(root);
    const restored = await openDatabase({ url: restarted.url });
    expect(await count(restored)).toBe(patients);
    await restored.close();
    await restarted.stop();
  }, 120_000);
});

describe('a DATA_DIR the server cannot reach', () => {
  it('makes a new database PGlite, saying why, where the server must run as another user; an explicit choice fails with the way out', async () => {
    // Run as root, the server runs as `postgres`, which cannot pass through a private folder.
    const privateParent = newRoot();
    chmodSync(privateParent, 0o700);
    const root = path.join(privateParent, 'data');
    const asRoot = process.getuid?.() === 0;
    const warnings: string[] = [];
    const handle = await openConfiguredDatabase(
      testConfig({ DATABASE_URL: undefined, DATA_DIR: root, EMBEDDED_DATABASE: 'auto' }),
      (m) => warnings.push(m),
    );
    try {
      expect(handle.kind).toBe(asRoot ? 'pglite' : 'postgres');
      expect(handle.embedded).toBe(true);
      if (asRoot) expect(warnings.join('\n')).toMatch(/cannot reach .*using the embedded PGlite/s);
    } finally {
      await handle.close();
    }
    if (asRoot) {
      const other = path.join(privateParent, 'other');
      await expect(
        openConfiguredDatabase(
          testConfig({ DATABASE_URL: undefined, DATA_DIR: other, EMBEDDED_DATABASE: 'postgres' }),
        ),
      ).rejects.toThrow(/chmod o\+x/);
    }
  }, 60_000);
});

describe('which embedded database a data directory uses', () => {
  it('keeps what is there, makes PostgreSQL where there is nothing, and obeys an explicit choice', async () => {
    const empty = newRoot();
    expect(await chooseEmbeddedEngine(empty, 'auto')).toBe('postgres');
    expect(await chooseEmbeddedEngine(empty, 'pglite')).toBe('pglite');

    const withPglite = newRoot();
    const pglite = await openDatabase({ dataDir: path.join(withPglite, 'pglite') });
    await pglite.close();
    expect(await chooseEmbeddedEngine(withPglite, 'auto')).toBe('pglite');
  }, 60_000);
});
