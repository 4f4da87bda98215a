import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import { openDatabase, type DbHandle } from './client';
import { assertNotInUse } from './backup';

/**
 * The migrated empty embedded database the build leaves beside the server bundle
 * (`scripts/pglite-template.ts`); running from source there is none, and a new database is made
 * by initdb and the migrations as before.
 */
const TEMPLATE = fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url));

/** The database the configuration asks for: PostgreSQL with DATABASE_URL, else PGlite on disk. */
export function openConfiguredDatabase(config: Config): Promise<DbHandle> {
  if (config.DATABASE_URL) {
    return openDatabase({
      url: config.DATABASE_URL,
      poolMax: config.DB_POOL_MAX,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    });
  }
  assertNotInUse(path.resolve(config.DATA_DIR));
  return openDatabase({ dataDir: path.resolve(config.DATA_DIR, 'pglite'), template: TEMPLATE });
}
