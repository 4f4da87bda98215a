import type { DbHandle } from '../db/client';
import { DatabaseUnavailableError } from '../db/errors';

/** What @fastify/rate-limit hands a store's `incr` callback: the count so far and its ttl in ms. */
interface Hits {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, hits?: Hits) => void;

/** The parts of a route's merged rate-limit options a store's `child` is given that we read. */
interface LimitOptions {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

// One statement per request: the first hit of a client opens its window, later hits count in it,
// and a hit after the window has ended opens the next. The row lock of ON CONFLICT makes parallel
// hits from every instance count one after the other.
const HIT = `insert into rate_limit_counters as c (name, client_key, hits, resets_at)
values ($1, $2, 1, $4)
on conflict (name, client_key) do update set
  hits = case when c.resets_at <= $3 then 1 else c.hits + 1 end,
  resets_at = case when c.resets_at <= $3 then excluded.resets_at else c.resets_at end
returning hits, resets_at`;
const SWEEP = `delete from rate_limit_counters where resets_at < $1`;
const SWEEP_EVERY_MS = 60_000;

type Run = (
  name: string,
  text: string,
  values: unknown[],
) => Promise<Array<{ hits: number; resets_at: Date | string }>>;

/** Runs one statement on the driver itself: a named prepared statement on PostgreSQL. */
function runnerOf(db: DbHandle): Run {
  if (db.pool) {
    const pool = db.pool;
    return async (name, text, values) => (await pool.query({ name, text, values })).rows;
  }
  if (db.pglite) {
    const pglite = db.pglite;
    return async (_name, text, values) =>
      (await pglite.query<{ hits: number; resets_at: Date | string }>(text, values)).rows;
  }
  throw new Error('The rate-limit store needs a PostgreSQL pool or PGlite');
}

/**
 * A store for @fastify/rate-limit whose counters live in PostgreSQL (ADR 032), so a limit holds
 * for all instances together. Each limit is named by its `groupId` when routes share one, else
 * by its route; the client key (an address by its /64, a token's hash) comes from the plugin.
 * Windows are read on the app's clock, which follows the database's.
 *
 * A counter that cannot be written fails the request closed, as a 503 like any other database
 * outage: a limit that let everything through while the database is away would be no limit.
 */
export function postgresRateLimitStore(deps: { db: DbHandle; now: () => Date }) {
  const run = runnerOf(deps.db);
  let lastSweep = 0;

  const sweep = (now: Date) => {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    // Ended windows are dead rows (their next hit starts over); one instance's sweep a minute
    // keeps the table to the clients of the last window. A failure is the next sweep's work.
    run('rate_limit_sweep', SWEEP, [now.toISOString()]).catch(() => {});
  };

  return class PostgresRateLimitStore {
    readonly name: string;

    // The plugin's typings call it route options; what arrives is the route's merged limit
    // options, with the route under `routeInfo`.
    constructor(options: object = {}) {
      this.name = limitName(options as LimitOptions);
    }

    incr(key: string, callback: Callback, timeWindow: number, _max?: number): void {
      const now = deps.now();
      const opens = new Date(now.getTime() + timeWindow);
      run('rate_limit_hit', HIT, [this.name, key, now.toISOString(), opens.toISOString()]).then(
        ([row]) => {
          sweep(now);
          const resetsAt = new Date(row!.resets_at);
          callback(null, {
            current: row!.hits,
            ttl: Math.max(0, resetsAt.getTime() - now.getTime()),
          });
        },
        (err: unknown) => {
          const failure = new DatabaseUnavailableError(
            'The database is unavailable. Please try again shortly.',
          );
          failure.cause = err;
          callback(failure);
        },
      );
    }

    child(options: object): PostgresRateLimitStore {
      return new PostgresRateLimitStore(options);
    }
  };
}

/** A limit's name: its group, shared by the routes that name it, or its own route. */
function limitName({ groupId, routeInfo }: LimitOptions): string {
  if (groupId) return groupId;
  if (!routeInfo?.url) return 'global';
  const method = Array.isArray(routeInfo.method) ? routeInfo.method.join(',') : routeInfo.method;
  return `${method ?? 'ANY'} ${routeInfo.url}`;
}
