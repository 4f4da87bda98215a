import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type DbHandle } from './client';
import { assertNotInUse } from './backup';

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
  return openDatabase({ dataDir: path.resolve(config.DATA_DIR, 'pglite') });
}
