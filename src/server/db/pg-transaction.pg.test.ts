// PostgreSQL only: the pool's transactions (pg-transaction-fix.ts) send BEGIN, COMMIT and
// ROLLBACK straight to the pooled client. A failure at COMMIT must reach the caller as drizzle
// wraps a failed statement (the driver's error as its cause, where the booking code reads a
// deadlock's or a constraint's SQLSTATE), the connection must go back to the pool usable, and a
// transaction with options must still get them.
import { expect, it } from 'vitest';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DbHandle } from './client';
import { withScratchDatabase } from '../test/scratch-database';

/** A pool of one connection on a new database with a table whose unique check waits for COMMIT. */
function withPool(suffix: string, use: (handle: DbHandle) => Promise<void>) {
  return withScratchDatabase(suffix, async (url) => {
    const handle = await openDatabase({ url, poolMax: 1 });
    try {
      await handle.exec(
        `create table t (v int, constraint t_v_key unique (v) deferrable initially deferred)`,
      );
      await use(handle);
    } finally {
      await handle.close();
    }
  });
}

it('reports a constraint that fails at COMMIT as drizzle does, and the connection stays usable', () =>
  withPool('tx_commit', async (handle) => {
    const error = await handle.db
      .transaction(async (tx) => {
        // Deferred: both inserts succeed, the duplicate is found at COMMIT.
        await tx.execute(sql`insert into t values (1), (1)`);
      })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect((error as DrizzleQueryError).cause).toMatchObject({
      code: '23505',
      constraint: 't_v_key',
    });
    // One connection in the pool: it was released, and not left inside the failed transaction.
    expect(await queryRows(handle.db, sql`select count(*)::int as n from t`)).toEqual([{ n: 0 }]);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (2)`);
    });
    expect(await queryRows(handle.db, sql`select v from t`)).toEqual([{ v: 2 }]);
  }));

it('rolls back what a failed transaction wrote', () =>
  withPool('tx_rollback', async (handle) => {
    const error = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t values (3)`);
        throw new Error('changed my mind');
      })
      .catch((err: unknown) => err);
    expect((error as Error).message).toBe('changed my mind');
    expect(await queryRows(handle.db, sql`select v from t where v = 3`)).toEqual([]);
  }));

it('begins a transaction with the options asked for', () =>
  withPool('tx_options', async (handle) => {
    const rows = await handle.db.transaction(
      (tx) =>
        queryRows<{ level: string }>(
          tx,
          sql`select current_setting('transaction_isolation') as level`,
        ),
      { isolationLevel: 'serializable', accessMode: 'read only' },
    );
    expect(rows).toEqual([{ level: 'serializable' }]);
  }));
