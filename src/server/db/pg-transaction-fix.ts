import { DrizzleQueryError, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { DatabaseUnavailableError } from './errors';
import { onPrimary } from './replica-reads';

/**
 * drizzle-orm 0.45's node-postgres `transaction()` sends BEGIN before its try/finally: when the
 * connection is lost at that moment the pooled client is never released, and after a database
 * outage the pool slowly fills with dead clients until every request waits forever. It also
 * returns a client whose ROLLBACK failed to the pool. This replacement keeps drizzle's behaviour
 * and fixes both: the client is always released, and destroyed when it can no longer be trusted.
 * The database-outage test fails without it (the pool cannot close).
 *
 * Upstream, still open when this was written (remove this file once a release fixes both):
 * - https://github.com/drizzle-team/drizzle-orm/issues/6023 (BEGIN outside the try/finally)
 * - https://github.com/drizzle-team/drizzle-orm/issues/6114 (a broken client returned to the pool)
 * - fixes proposed in https://github.com/drizzle-team/drizzle-orm/pull/6120 and /pull/6242
 */
interface Internals {
  client: {
    totalCount?: unknown;
    connect(): Promise<{ release(err?: Error): void; query(text: string): Promise<unknown> }>;
  };
  dialect: unknown;
  schema: unknown;
  options: unknown;
}
interface TxInternals {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
  getTransactionConfigSQL(config: unknown): ReturnType<typeof sql>;
}

/**
 * Connections whose last COMMIT PostgreSQL stopped waiting for the synchronous standby on (a
 * statement timeout while no standby answers, synchronous_mode_strict with both replicas down):
 * it says so only in a WARNING, and the COMMIT "succeeds" on one server's disk. client.ts adds
 * the connection here from its notice; the transaction then fails with a 503 instead of being
 * acknowledged (ADR 063).
 */
export const commitsNotReplicated = new WeakSet<object>();

/** The WARNING PostgreSQL gives when a COMMIT stops waiting for its synchronous standby. */
export function isUnreplicatedCommitNotice(notice: { message?: string }) {
  return /canceling (the )?wait for synchronous replication/i.test(notice.message ?? '');
}

/**
 * COMMIT, bounded by the pool's statement timeout. PostgreSQL turns the statement timeout off
 * before it commits, so a COMMIT that waits for a synchronous standby that is not there waits
 * for ever; past the timeout it is cancelled from another connection, PostgreSQL stops waiting
 * with its WARNING (committed here only), and the transaction answers 503 (ADR 063). The client
 * is not given back to the pool before the cancel has run, so it cannot hit another statement.
 */
async function commitWithin(
  pool: unknown,
  client: unknown,
  send: (text: string) => Promise<unknown>,
) {
  const limit = (pool as { options?: { statement_timeout?: number } }).options?.statement_timeout;
  const pid = (client as { processID?: number }).processID;
  const query = (pool as { query?: (text: string, values: unknown[]) => Promise<unknown> }).query;
  if (!limit || !pid || !query) return send('commit');
  let cancelling: Promise<unknown> | undefined;
  const timer = setTimeout(() => {
    cancelling = onPrimary(() => query.call(pool, 'select pg_cancel_backend($1)', [pid])).catch(
      () => {},
    );
  }, limit);
  try {
    await send('commit');
  } finally {
    clearTimeout(timer);
    await cancelling;
  }
}

const original = NodePgSession.prototype.transaction;

NodePgSession.prototype.transaction = async function fixedTransaction(
  this: unknown,
  transaction: (tx: unknown) => Promise<unknown>,
  config?: unknown,
) {
  const self = this as Internals;
  const isPool = typeof self.client.totalCount === 'number';
  if (!isPool) return original.call(this as never, transaction as never, config as never);
  const Session = NodePgSession as unknown as new (...args: unknown[]) => unknown;
  const Tx = NodePgTransaction as unknown as new (...args: unknown[]) => TxInternals;
  const client = await self.client.connect();
  const session = new Session(client, self.dialect, self.schema, self.options);
  const tx = new Tx(self.dialect, session, self.schema);
  // BEGIN, COMMIT and ROLLBACK go straight to the pooled client: through tx.execute drizzle
  // builds the statement and a prepared-query object for each, on every transaction. A failure
  // is wrapped as drizzle wraps it (the driver's error as its cause): callers read the SQLSTATE
  // of a deadlock or a deferred constraint at COMMIT there.
  const send = (text: string) =>
    client.query(text).catch((err: unknown) => {
      throw new DrizzleQueryError(text, [], err as Error);
    });
  let broken: Error | undefined;
  try {
    try {
      if (config) await tx.execute(sql`begin ${tx.getTransactionConfigSQL(config)}`);
      else await send('begin');
    } catch (err) {
      broken = err as Error;
      throw err;
    }
    try {
      const result = await transaction(tx);
      commitsNotReplicated.delete(client);
      await commitWithin(self.client, client, send);
      if (commitsNotReplicated.delete(client)) {
        // Committed here only: not an answer to give. A retry with the same Idempotency-Key is
        // answered once the standby has it (core/idempotency.ts).
        throw new DatabaseUnavailableError(
          'The database is unavailable. Please try again shortly.',
        );
      }
      return result;
    } catch (err) {
      await send('rollback').catch((rollbackError: unknown) => {
        broken = rollbackError as Error;
      });
      throw err;
    }
  } finally {
    client.release(broken);
  }
} as typeof original;
