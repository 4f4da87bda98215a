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

// One statement for all the hits gathered in one turn of the event loop (usually one request's):
// the first hit of a client opens its window, later hits count in it, and a hit after the window
// has ended opens the next. The row lock of ON CONFLICT makes hits from every instance count one
// after the other. A burst of requests is one round trip, not one pool connection each.
const HITS = `insert into rate_limit_counters as c (name, client_key, hits, resets_at)
select * from unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[])
on conflict (name, client_key) do update set
  hits = case when c.resets_at <= $5 then excluded.hits else c.hits + excluded.hits end,
  resets_at = case when c.resets_at <= $5 then excluded.resets_at else c.resets_at end
returning name, client_key, hits, resets_at`;
const SWEEP = `delete from rate_limit_counters where resets_at < $1`;
const SWEEP_EVERY_MS = 60_000;

interface CounterRow {
  name: string;
  client_key: string;
  hits: number;
  resets_at: Date | string;
}
type Run = (name: string, text: string, values: unknown[]) => Promise<CounterRow[]>;

/** Runs one statement on the driver itself: a named prepared statement on PostgreSQL. */
function runnerOf(db: DbHandle): Run {
  if (db.pool) {
    const pool = db.pool;
    return async (name, text, values) =>
      (await pool.query<CounterRow>({ name, text, values })).rows;
  }
  if (db.pglite) {
    const pglite = db.pglite;
    return async (_name, text, values) => (await pglite.query<CounterRow>(text, values)).rows;
  }
  throw new Error('The rate-limit store needs a PostgreSQL pool or PGlite');
}

interface Hit {
  name: string;
  key: string;
  timeWindow: number;
  callback: Callback;
}

const unavailable = (cause: unknown) => {
  const failure = new DatabaseUnavailableError(
    'The database is unavailable. Please try again shortly.',
  );
  failure.cause = cause;
  return failure;
};

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
  let pending: Hit[] = [];

  const sweep = (now: Date) => {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    // Ended windows are dead rows (their next hit starts over); one instance's sweep a minute
    // keeps the table to the clients of the last window. A failure is the next sweep's work.
    run('rate_limit_sweep', SWEEP, [now.toISOString()]).catch(() => {});
  };

  const flush = () => {
    const hits = pending;
    pending = [];
    const now = deps.now();
    // One row per counter: a statement may not update a row twice.
    const counters = new Map<string, { name: string; key: string; resetsAt: Date; hits: Hit[] }>();
    for (const hit of hits) {
      const id = JSON.stringify([hit.name, hit.key]);
      const counter = counters.get(id) ?? {
        name: hit.name,
        key: hit.key,
        resetsAt: new Date(now.getTime() + hit.timeWindow),
        hits: [],
      };
      counter.hits.push(hit);
      counters.set(id, counter);
    }
    const rows = [...counters.values()];
    run('rate_limit_hits', HITS, [
      rows.map((r) => r.name),
      rows.map((r) => r.key),
      rows.map((r) => r.hits.length),
      rows.map((r) => r.resetsAt.toISOString()),
      now.toISOString(),
    ]).then(
      (answers) => {
        sweep(now);
        for (const answer of answers) {
          const counter = counters.get(JSON.stringify([answer.name, answer.client_key]));
          if (!counter) continue;
          counters.delete(JSON.stringify([answer.name, answer.client_key]));
          const ttl = Math.max(0, new Date(answer.resets_at).getTime() - now.getTime());
          // The hits of one batch count in the order they came.
          const first = answer.hits - counter.hits.length + 1;
          counter.hits.forEach((hit, i) => hit.callback(null, { current: first + i, ttl }));
        }
        for (const counter of counters.values()) {
          for (const hit of counter.hits) hit.callback(unavailable('no counter came back'));
        }
      },
      (err: unknown) => {
        for (const hit of hits) hit.callback(unavailable(err));
      },
    );
  };

  return class PostgresRateLimitStore {
    readonly name: string;

    // The plugin's typings call it route options; what arrives is the route's merged limit
    // options, with the route under `routeInfo`.
    constructor(options: object = {}) {
      this.name = limitName(options as LimitOptions);
    }

    incr(key: string, callback: Callback, timeWindow: number, _max?: number): void {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ name: this.name, key, timeWindow, callback });
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
  // A HEAD is the GET without its body (Fastify adds it to every GET route): one allowance.
  const methods = (Array.isArray(routeInfo.method) ? routeInfo.method : [routeInfo.method]).map(
    (m) => (m === 'HEAD' ? 'GET' : m),
  );
  return `${[...new Set(methods)].join(',') || 'ANY'} ${routeInfo.url}`;
}
