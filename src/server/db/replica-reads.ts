import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * Read replicas (ADR 020 step 2, ADR 063). An endpoint whose contract says `reads: 'replica'`
 * runs its handler inside `ReplicaReads.run`, which checks out one replica connection for the
 * whole request; while it runs, the primary pool (`RoutedPool`) sends that request's plain
 * SELECTs to the replica connection and everything else (transactions, inserts, the audit queue,
 * anything after the handler) to the primary as before. One connection per request, not the
 * pool's, because the read port balances over several replicas: the replica that was checked
 * for the caller's WAL position must be the one that answers.
 */
interface Route {
  /** The replica connection this request reads through; null once it is unusable or released. */
  client: pg.PoolClient | null;
  /** Called when the replica failed in a way the primary can answer instead. */
  drop(err: unknown): void;
}

const routes = new AsyncLocalStorage<Route>();

/**
 * True while the current request's reads go to a replica. An answer computed there may be older
 * than the data versions the request read with its session (on the primary), so it must not be
 * filed under them for others to reuse (core/reuse.ts).
 */
export function readingReplica(): boolean {
  return Boolean(routes.getStore()?.client);
}

/** Runs `work` with every query on the primary, whatever request it belongs to. */
export function onPrimary<T>(work: () => T): T {
  return routes.exit(work);
}

/** A WAL position as PostgreSQL prints it (`16/B374D848`); anything else is ignored. */
const WAL_POSITION = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;

export function isWalPosition(text: unknown): text is string {
  return typeof text === 'string' && WAL_POSITION.test(text);
}

/**
 * Only a statement that starts with SELECT (or a parenthesised SELECT, as a UNION of two is
 * written) may go to a replica; a writing statement there would fail (read-only), and a
 * data-modifying WITH cannot be told from a reading one by its start.
 */
function readsOnly(config: unknown): boolean {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^[\s(]*select\b/i.test(text);
}

/**
 * Errors after which the primary answers instead: the replica's connection is gone or refused,
 * it is shutting down, it cancelled the query for a conflict with recovery (40001), or the
 * statement turned out to write (25006, read-only transaction).
 */
function replicaUnusable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return true;
  return (
    code.startsWith('08') ||
    code.startsWith('57P') ||
    code === '40001' ||
    code === '25006' ||
    code.startsWith('E')
  );
}

/**
 * The app's primary pool. Outside a replica-read request it is a plain pg.Pool; inside one, its
 * SELECTs go to the request's replica connection, and back to itself if the replica fails.
 * Transactions check out a primary connection (`connect`) and never see the replica.
 */
export class RoutedPool extends pg.Pool {
  // pg's query() has many overloads; the routing only needs the promise forms drizzle uses.
  override query(...args: unknown[]): never {
    const route = routes.getStore();
    const [config, values] = args;
    const client = route?.client;
    if (!client || typeof args[args.length - 1] === 'function' || !readsOnly(config)) {
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    return client.query(config as pg.QueryConfig, values as unknown[]).catch((err: unknown) => {
      if (!replicaUnusable(err)) throw err;
      route.drop(err);
      return (super.query as (...a: unknown[]) => Promise<unknown>)(config, values);
    }) as never;
  }
}

export interface ReplicaReadStats {
  /** Requests whose reads a replica answered. */
  replica: number;
  /** Requests sent to the primary because the replica had not replayed the caller's writes. */
  behind: number;
  /** Requests sent to the primary because no replica answered (or one failed part-way). */
  unavailable: number;
}

export interface ReplicaReads {
  readonly pool: pg.Pool;
  readonly stats: ReplicaReadStats;
  /**
   * Runs `work` with its SELECTs on a replica that has replayed at least `after` (the caller's
   * last write, from its cookie), else on the primary. Never fails for the replica's sake.
   */
  run<T>(after: string | undefined, work: () => Promise<T>): Promise<T>;
  /** The primary's WAL position now, after a write has committed; null if it cannot be read. */
  primaryPosition(): Promise<string | null>;
  close(): Promise<void>;
}

export function openReplicaReads(options: {
  url: string;
  primary: pg.Pool;
  poolMax?: number;
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
  warn?: (obj: unknown, msg: string) => void;
}): ReplicaReads {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    // A replica that does not answer quickly is skipped, not waited for: the primary answers.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 2_000,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    idle_in_transaction_session_timeout: 30_000,
    application_name: 'carebook-reads',
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const stats: ReplicaReadStats = { replica: 0, behind: 0, unavailable: 0 };
  const warn = options.warn ?? (() => {});

  /** A replica connection that has replayed `after`, or null (the primary answers). */
  async function replicaFor(after: string | undefined): Promise<pg.PoolClient | null> {
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      // One round trip: is it a standby, and has it replayed the caller's last write? A server
      // that is not in recovery behind the read address is not trusted as a replica.
      const { rows } = await client.query<{ usable: boolean }>(
        `select pg_is_in_recovery()
                and ($1::pg_lsn is null or pg_last_wal_replay_lsn() >= $1::pg_lsn) as usable`,
        [after ?? null],
      );
      if (rows[0]?.usable) return client;
      client.release();
      stats.behind++;
      return null;
    } catch (err) {
      client?.release(err as Error);
      stats.unavailable++;
      warn({ err }, 'read replica unavailable: reading from the primary');
      return null;
    }
  }

  return {
    pool,
    stats,
    async run(after, work) {
      const client = await replicaFor(after);
      if (!client) return work();
      stats.replica++;
      const route: Route = {
        client,
        drop(err) {
          if (route.client !== client) return;
          route.client = null;
          client.release(err as Error);
          stats.unavailable++;
          warn({ err }, 'read replica failed part-way: reading from the primary');
        },
      };
      try {
        return await routes.run(route, work);
      } finally {
        // Anything the handler left running (a timer, a queue it woke) reads from the primary.
        if (route.client) {
          route.client = null;
          client.release();
        }
      }
    },
    async primaryPosition() {
      try {
        const { rows } = await routes.exit(() =>
          options.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'),
        );
        return rows[0]?.lsn ?? null;
      } catch {
        return null;
      }
    },
    async close() {
      await pool.end();
    },
  };
}
