// PostgreSQL only: the app's connections carry a statement timeout for requests, and migrations
// run on one of them.
import { expect, it } from 'vitest';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { withScratchDatabase } from '../test/scratch-database';

it('migrates a new database whatever the request timeout, and leaves the timeout as it was', async () => {
  await withScratchDatabase('migrate_timeout', async (url) => {
    // Far shorter than creating the extensions and several of the schema statements take.
    const handle = await openDatabase({ url, statementTimeoutMs: 5 });
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
  });
}, 60_000);
