import type pg from 'pg';
// The two databases the API benchmarks run against, each freshly created and bulk-seeded, and
// opened through the app's own openDatabase/runMigrations so the schema is the real one.
import { rmSync } from 'node:fs';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres';
import { hashPassword } from '../../src/server/security/password';
import { bulkSeed, type SeedPlan, type SeedTimings } from '../seed/bulk-seed';
import {
  benchDatabaseSeeded,
  benchUrl,
  pgliteRunner,
  pgRunner,
  markBenchDatabaseSeeded,
  recreateBenchDatabase,
} from './sql';

/**
 * A set-up query on a connection of the app's pool without the app's statement timeout, which is
 * the app's, not the set-up's: at 10M appointments a count or the free times can outlast it.
 */
export async function withoutTimeout<T>(
  pool: pg.Pool,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = await pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.query('reset statement_timeout').catch(() => {});
    client.release();
  }
}

export const BENCH_PASSWORD = 'bench-password-1';
export const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? '/tmp/carebook-bench-pglite';
export const EMBEDDED_DIR = process.env.BENCH_EMBEDDED_DIR ?? '/tmp/carebook-bench-embedded';
/** The app's default pool size; the raw-SQL baseline gets the same number of connections. */
export const POOL_SIZE = 10;

export interface SeededDatabase {
  handle: DbHandle;
  plan: SeedPlan;
  seedMs: number | null;
  timings: SeedTimings;
  counts: Record<string, number>;
}

// Bulk loads need room to sort and build indexes; none of this applies to the app's own pool.
const LOAD_SETTINGS = {
  work_mem: '512MB',
  maintenance_work_mem: '1GB',
  synchronous_commit: 'off',
};

async function countRows(handle: DbHandle): Promise<Record<string, number>> {
  const tables = [
    'clinics',
    'users',
    'schedules',
    'patients',
    'appointments',
    'appointment_events',
    'services',
    'resources',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const runner = handle.pglite ? pgliteRunner(handle.pglite) : null;
    const rows = runner
      ? await runner.query<{ n: number }>(`select count(*)::int as n from ${table}`)
      : await withoutTimeout<{ n: number }>(
          handle.pool!,
          `select count(*)::int as n from ${table}`,
        );
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

/** Drops and recreates carebook_bench, migrates and seeds it; `reuse` keeps an existing one. */
export async function seedPostgres(plan: SeedPlan, reuse: boolean): Promise<SeededDatabase> {
  const url = benchUrl();
  let seedMs: number | null = null;
  let timings: SeedTimings = {};
  if (!(reuse && (await benchDatabaseSeeded(plan)))) {
    const t0 = performance.now();
    await recreateBenchDatabase();
    const migrateHandle = await openDatabase({ url, poolMax: 1 });
    await runMigrations(migrateHandle);
    await migrateHandle.close();
    const main = await pgRunner(url, LOAD_SETTINGS);
    const helper = await pgRunner(url, LOAD_SETTINGS);
    try {
      timings = await bulkSeed(main, [helper], plan, await hashPassword(BENCH_PASSWORD));
    } finally {
      await Promise.all([main.close(), helper.close()]);
    }
    await markBenchDatabaseSeeded(plan);
    seedMs = performance.now() - t0;
  } else {
    // A reused database still gets migrations added since it was seeded.
    const migrateHandle = await openDatabase({ url, poolMax: 1 });
    await runMigrations(migrateHandle);
    await migrateHandle.close();
  }
  const handle = await openDatabase({
    url,
    poolMax: POOL_SIZE,
    applicationName: 'carebook-bench-app',
  });
  return { handle, plan, seedMs, timings, counts: await countRows(handle) };
}

/** A file-backed PGlite like the embedded default, created fresh in a temporary folder. */
export async function seedPglite(plan: SeedPlan): Promise<SeededDatabase> {
  rmSync(PGLITE_DIR, { recursive: true, force: true });
  const t0 = performance.now();
  const handle = await openDatabase({ dataDir: PGLITE_DIR });
  await runMigrations(handle);
  const timings = await bulkSeed(
    pgliteRunner(handle.pglite!),
    [],
    plan,
    await hashPassword(BENCH_PASSWORD),
  );
  const seedMs = performance.now() - t0;
  return { handle, plan, seedMs, timings, counts: await countRows(handle) };
}

/**
 * The app-managed PostgreSQL server (the embedded default, ADR 024), made fresh under a temporary
 * DATA_DIR exactly as the app makes it, seeded like the others; closing the handle stops it.
 */
export async function seedEmbeddedPostgres(plan: SeedPlan): Promise<SeededDatabase> {
  rmSync(EMBEDDED_DIR, { recursive: true, force: true });
  const t0 = performance.now();
  // What the server says of itself (a crash, a restart) goes to the bench's log.
  const server = await startEmbeddedPostgres(EMBEDDED_DIR, {
    onLog: (line) => process.stderr.write(`[embedded postgres] ${line}\n`),
  });
  const migrateHandle = await openDatabase({ url: server.url, poolMax: 1 });
  await runMigrations(migrateHandle);
  await migrateHandle.close();
  const main = await pgRunner(server.url, LOAD_SETTINGS);
  const helper = await pgRunner(server.url, LOAD_SETTINGS);
  let timings: SeedTimings;
  try {
    timings = await bulkSeed(main, [helper], plan, await hashPassword(BENCH_PASSWORD));
  } finally {
    await Promise.all([main.close(), helper.close()]);
  }
  const seedMs = performance.now() - t0;
  const pool = await openDatabase({
    url: server.url,
    poolMax: POOL_SIZE,
    applicationName: 'carebook-bench-app',
  });
  const handle: DbHandle = {
    ...pool,
    embedded: true,
    async close() {
      await pool.close();
      await server.stop();
    },
  };
  return { handle, plan, seedMs, timings, counts: await countRows(handle) };
}
