// The two databases the API benchmarks run against, each freshly created and bulk-seeded, and
// opened through the app's own openDatabase/runMigrations so the schema is the real one.
import { rmSync } from 'node:fs';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
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

export const BENCH_PASSWORD = 'bench-password-1';
export const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? '/tmp/carebook-bench-pglite';
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
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const runner = handle.pglite ? pgliteRunner(handle.pglite) : null;
    const rows = runner
      ? await runner.query<{ n: number }>(`select count(*)::int as n from ${table}`)
      : (await handle.pool!.query(`select count(*)::int as n from ${table}`)).rows;
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

/** Drops and recreates carebook_bench, migrates and seeds it; `reuse` keeps an existing one. */
export async function seedPostgres(plan: SeedPlan, reuse: boolean): Promise<SeededDatabase> {
  const url = benchUrl();
  let seedMs: number | null = null;
  let timings: SeedTimings = {};
  if (!(reuse && (await benchDatabaseSeeded()))) {
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
    await markBenchDatabaseSeeded();
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
