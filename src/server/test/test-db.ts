import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DbHandle } from '../db/client';
import { DEFAULT_TEST_DATABASE_URL, testDbKind } from './db-kind';
import { withDatabase } from './global-setup';
import { onServer } from './scratch-database';

/**
 * The text that empties every table of the schema, sequences back at 1. As a superuser (the
 * local server, PGlite): DELETE with triggers and foreign keys switched off for the transaction,
 * a few milliseconds; TRUNCATE of 27 tables makes new files for each and took about 190 ms on
 * PostgreSQL and 20 ms on PGlite, before every test. Otherwise TRUNCATE.
 */
async function emptyingText(handle: DbHandle): Promise<string> {
  const rows = async <T>(text: string) => (await queryRows<T>(handle.db, sql.raw(text))) as T[];
  const tables = (
    await rows<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1`,
    )
  ).map((r) => r.name);
  const sequences = (
    await rows<{ name: string }>(
      `select quote_literal(quote_ident(sequencename)) as name from pg_sequences
       where schemaname = 'public' order by 1`,
    )
  ).map((r) => r.name);
  const [role] = await rows<{ superuser: boolean }>(
    `select current_setting('is_superuser') = 'on' as superuser`,
  );
  if (!role?.superuser) return `TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`;
  return [
    'begin',
    'set local session_replication_role = replica',
    ...tables.map((t) => `delete from ${t}`),
    ...sequences.map((q) => `select setval(${q}, 1, false)`),
    'commit',
  ].join(';\n');
}

export interface TestDatabase {
  handle: DbHandle;
  /** Empties every table, keeping the schema: call between tests that must not see each other. */
  reset(): Promise<void>;
  /** Closes the handle and, on PostgreSQL, drops the copied database. */
  destroy(): Promise<void>;
}

/** A migrated database of this run's kind, copied from the run's template in well under a second. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const reset = (handle: DbHandle) => {
    let text: Promise<string> | undefined;
    return async () => handle.exec(await (text ??= emptyingText(handle)));
  };
  if (testDbKind() === 'pglite') {
    const blob = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
    const handle = await openDatabase({ memory: true, loadDataDir: blob });
    return { handle, reset: reset(handle), destroy: () => handle.close() };
  }
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const name = `carebook_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
  await onServer(url, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateDb')}`);
  // Tests assert what happens, not how long a request may wait for a free connection: a test's
  // burst of hundreds of requests on a busy two-core machine waits longer than production's 5 s
  // for one of the ten, which answered some of them 503 (the outage tests set their own wait).
  const handle = await openDatabase({
    url: withDatabase(url, name),
    poolMax: 10,
    connectTimeoutMs: 60_000,
  });
  return {
    handle,
    reset: reset(handle),
    async destroy() {
      await handle.close();
      await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
