// PostgreSQL only: the app's connections carry a statement timeout for requests, and migrations
// run on one of them.
import pg from 'pg';
import { expect, it } from 'vitest';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { DEFAULT_TEST_DATABASE_URL } from '../test/db-kind';
import { withDatabase } from '../test/global-setup';

it('migrates a new database whatever the request timeout, and leaves the timeout as it was', async () => {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const name = `carebook_t_${process.ppid}_migrate_timeout`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  try {
    // Far shorter than creating the extensions and several of the schema statements take.
    const handle = await openDatabase({ url: withDatabase(url, name), statementTimeoutMs: 5 });
    try {
      await runMigrations(handle);
      const { rows } = await handle.pool!.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.n).toBeGreaterThan(9);
      const timeouts = await Promise.all(
        Array.from({ length: 3 }, () => handle.pool!.query('show statement_timeout')),
      );
      expect(timeouts.map((r) => r.rows[0].statement_timeout)).toEqual(['5ms', '5ms', '5ms']);
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}, 60_000);
