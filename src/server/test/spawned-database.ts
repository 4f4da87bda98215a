import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DbHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { testDbKind } from './db-kind';
import { createTestDatabase, type TestDatabase } from './test-db';

/**
 * A database for a server spawned as its own process (spawnServer), migrated and given the rows
 * `seed` writes, and the environment that points the server at it: a test database on
 * PostgreSQL, a data folder on PGlite. `name` names the folder, so a left-over one says which
 * test made it.
 */
export async function spawnedServerDatabase<T>(name: string, seed: (db: DbHandle) => Promise<T>) {
  let testDb: TestDatabase | undefined;
  let dataDir: string | undefined;
  let env: Record<string, string>;
  if (testDbKind() === 'postgres') {
    testDb = await createTestDatabase();
    env = { DATABASE_URL: testDb.handle.url! };
  } else {
    const root = mkdtempSync(path.join(tmpdir(), `carebook-${name}-`));
    dataDir = path.join(root, 'pglite');
    env = { DATA_DIR: root };
  }
  /** Runs `work` against the database while no server holds it (PGlite is single-process). */
  async function withDatabase<T>(work: (db: DbHandle) => Promise<T>): Promise<T> {
    if (testDb) return work(testDb.handle);
    const handle = await openDatabase({ dataDir: dataDir! });
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  }
  const seeded = await withDatabase(async (db) => {
    await runMigrations(db);
    return seed(db);
  });
  return {
    env,
    seeded,
    withDatabase,
    async destroy() {
      await testDb?.destroy();
      if (dataDir) rmSync(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
}
export type SpawnedServerDatabase<T> = Awaited<ReturnType<typeof spawnedServerDatabase<T>>>;
