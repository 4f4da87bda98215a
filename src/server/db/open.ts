import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import { openDatabase, type DbHandle } from './client';
import { assertNotInUse, removeLock, writeLock } from './backup';
import { hasCluster, loadBinaries, startEmbeddedPostgres } from './embedded-postgres';

/**
 * The migrated empty embedded database the build leaves beside the server bundle
 * (`scripts/pglite-template.ts`); running from source there is none, and a new database is made
 * by initdb and the migrations as before.
 */
const TEMPLATE = fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url));

export type EmbeddedEngine = 'postgres' | 'pglite';

export function hasPgliteDatabase(root: string) {
  return existsSync(path.join(root, 'pglite', 'PG_VERSION'));
}

/**
 * Which embedded database DATA_DIR holds or will hold (ADR 024). A database already there keeps
 * its engine, so an upgrade never leaves a clinic's data behind; a new one is a real PostgreSQL
 * server where this platform has its binaries, else PGlite.
 */
export async function chooseEmbeddedEngine(
  root: string,
  setting: Config['EMBEDDED_DATABASE'],
): Promise<EmbeddedEngine> {
  if (setting !== 'auto') return setting;
  if (hasCluster(root)) return 'postgres';
  if (hasPgliteDatabase(root)) return 'pglite';
  return (await loadBinaries()) ? 'postgres' : 'pglite';
}

type Warn = (message: string) => void;

/**
 * The database the configuration asks for: PostgreSQL with DATABASE_URL, else the embedded one
 * under DATA_DIR.
 */
export async function openConfiguredDatabase(
  config: Config,
  warn: Warn = (m) => console.warn(m),
): Promise<DbHandle> {
  if (config.DATABASE_URL) {
    return openDatabase({
      url: config.DATABASE_URL,
      poolMax: config.DB_POOL_MAX,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
      ...(config.DATABASE_READ_URL ? { readUrl: config.DATABASE_READ_URL } : {}),
    });
  }
  const root = path.resolve(config.DATA_DIR);
  assertNotInUse(root);
  const engine = await chooseEmbeddedEngine(root, config.EMBEDDED_DATABASE);
  if (engine === 'postgres') {
    const isNew = !hasCluster(root);
    try {
      return await openEmbeddedPostgres(root, config, warn);
    } catch (err) {
      // A machine where the bundled server cannot run at all (no way to make its user, say)
      // still gets a working app on a new database; an existing cluster never silently moves.
      if (!(isNew && config.EMBEDDED_DATABASE === 'auto')) throw err;
      warn(
        `The embedded PostgreSQL server could not start (${(err as Error).message.split('\n')[0]}); ` +
          'using the embedded PGlite database instead.',
      );
    }
  }
  return openDatabase({ dataDir: path.join(root, 'pglite'), template: TEMPLATE });
}

async function openEmbeddedPostgres(root: string, config: Config, warn: Warn) {
  // Whoever runs the server holds DATA_DIR (a command-line tool too): a start beside it would
  // take that server for one a killed app left, and stop it.
  writeLock(root);
  const server = await startEmbeddedPostgres(root, { onLog: (line) => warn(line) }).catch(
    (err: unknown) => {
      removeLock(root);
      throw err;
    },
  );
  try {
    const handle = await openDatabase({
      url: server.url,
      poolMax: config.DB_POOL_MAX,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    });
    const closePool = handle.close;
    return {
      ...handle,
      embedded: true,
      async close() {
        await closePool();
        await server.stop();
        removeLock(root);
      },
    } satisfies DbHandle;
  } catch (err) {
    await server.stop();
    removeLock(root);
    throw err;
  }
}
