// Replays captured statements straight through the driver: the raw-SQL baseline. A booking's
// statements are rewritten for each replay (new token, new time, the id the insert returned), so
// every replayed create books a distinct free slot exactly like the request it stands for.
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Capture, Statement } from './capture';
import { throughput, type Throughput } from './stats';

type Rows = { rows: unknown[] };
type Run = (text: string, values: unknown[], options: Record<string, unknown>) => Promise<Rows>;

export interface ReplayTarget {
  query: Run;
  transaction(fn: (run: Run) => Promise<void>): Promise<void>;
}

export function pgTarget(pool: pg.Pool): ReplayTarget {
  const runOn =
    (client: pg.Pool | pg.PoolClient): Run =>
    (text, values, options) =>
      client.query({ ...options, text, values } as pg.QueryConfig) as Promise<Rows>;
  return {
    query: runOn(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await fn(runOn(client));
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

export function pgliteTarget(db: PGlite): ReplayTarget {
  return {
    query: (text, values, options) => db.query(text, values, options) as Promise<Rows>,
    transaction: (fn) =>
      db.transaction(async (tx) =>
        fn((text, values, options) => tx.query(text, values, options) as Promise<Rows>),
      ),
  };
}

/** How one replay differs from its capture: replaced strings and a shifted appointment time. */
export interface Rewrite {
  replace: Map<string, string>;
  /** ISO instants within ±1 day of `around` move by `shiftMs` (the booking's own times). */
  around?: number;
  shiftMs?: number;
}

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function rewriteValue(value: unknown, rw: Rewrite): unknown {
  if (typeof value !== 'string') return value;
  let out = value;
  for (const [from, to] of rw.replace) if (out.includes(from)) out = out.split(from).join(to);
  if (rw.shiftMs && rw.around !== undefined) {
    out = out.replace(ISO, (iso) => {
      const t = Date.parse(iso);
      return Math.abs(t - rw.around!) <= 86_400_000 ? new Date(t + rw.shiftMs!).toISOString() : iso;
    });
  }
  return out;
}

/** Ids the database generated in the capture map to the ones it generates now. */
function learnIds(captured: unknown, fresh: unknown, rw: Rewrite): void {
  if (!captured || !fresh || typeof captured !== 'object') return;
  for (const [key, value] of Object.entries(captured)) {
    const now = (fresh as Record<string, unknown>)[key];
    if (typeof value === 'string' && typeof now === 'string' && value !== now && UUID.test(value)) {
      rw.replace.set(value, now);
    }
  }
}

async function replayStatement(run: Run, s: Statement, rw: Rewrite | undefined) {
  const values = rw ? s.values.map((v) => rewriteValue(v, rw)) : s.values;
  const result = await run(s.text, values, s.options);
  if (rw) learnIds(s.firstRow, result.rows[0], rw);
}

export async function replay(target: ReplayTarget, capture: Capture, rw?: Rewrite): Promise<void> {
  for (const wave of capture) {
    await Promise.all(
      wave.map((step) =>
        step.kind === 'query'
          ? replayStatement(target.query, step.statement, rw)
          : target.transaction(async (run) => {
              for (const s of step.statements) await replayStatement(run, s, rw);
            }),
      ),
    );
  }
}

export interface RawRun extends Throughput {
  errors: number;
}

/**
 * Closed loop like autocannon's: `connections` workers, each replaying one request after another
 * until the time is up or `next` runs dry.
 */
export async function rawLoad(
  target: ReplayTarget,
  connections: number,
  durationMs: number,
  next: () => { capture: Capture; rewrite?: Rewrite } | null,
): Promise<RawRun> {
  const latencies: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  const deadline = t0 + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const job = next();
      if (!job) return;
      const start = performance.now();
      try {
        await replay(target, job.capture, job.rewrite);
        latencies.push(performance.now() - start);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = performance.now() - t0;
  return { ...throughput(latencies, elapsed), errors };
}
