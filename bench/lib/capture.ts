// The raw-SQL baseline replays exactly the statements one API request sent, captured from the
// drivers while the request ran. Statements the app ran at the same time (Promise.all) replay at
// the same time; a transaction replays on one connection between begin and commit.
import pg from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';

export interface Statement {
  text: string;
  values: unknown[];
  /** Driver options that change the work done (row mode, type parsers), passed on unchanged. */
  options: Record<string, unknown>;
  start: number;
  end: number;
  /** First row of the result, to map generated ids from the capture onto the replay. */
  firstRow?: unknown;
}

export type Step =
  | { kind: 'query'; statement: Statement }
  | { kind: 'tx'; statements: Statement[]; start: number; end: number };
export type Capture = Step[][]; // waves of steps that ran concurrently

let recording: Statement[] | null = null;
const TX = '\u0000tx';
const txOf = new WeakMap<object, Statement[]>();
let openTx: Array<{ owner: object; statements: Statement[]; start: number; end: number }> = [];

/** Wraps a promise-returning driver call so its statement is recorded while a capture is on. */
function record<T>(
  owner: object,
  text: string,
  values: unknown[],
  options: Record<string, unknown>,
  run: () => Promise<T>,
): Promise<T> {
  if (!recording) return run();
  const statement: Statement = {
    text,
    values: [...values],
    options,
    start: performance.now(),
    end: 0,
  };
  const inTx = txOf.get(owner);
  (inTx ?? recording).push(statement);
  return run().then((result) => {
    statement.end = performance.now();
    statement.firstRow = (result as { rows?: unknown[] })?.rows?.[0];
    return result;
  });
}

let pgPatched = false;
/**
 * Patches pg once; recording only happens inside capture(). Pool.query covers statements outside
 * transactions; Client.query in promise form covers a transaction's checked-out connection
 * (the pool itself calls Client.query with a callback, which is left alone: no double count).
 */
export function instrumentPg(): void {
  if (pgPatched) return;
  pgPatched = true;
  const poolQuery = pg.Pool.prototype.query as (...args: unknown[]) => unknown;
  const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const wrap = (original: (...args: unknown[]) => unknown) =>
    function patched(this: object, ...args: unknown[]) {
      const [config, values, callback] = args;
      if (!recording || typeof callback === 'function' || typeof values === 'function') {
        return original.apply(this, args);
      }
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      const options: Record<string, unknown> =
        typeof config === 'string' ? {} : { ...(config as object) };
      delete options.text;
      // The name stays: the replay prepares the statement once per connection, as the app does.
      delete options.values;
      const lower = text.trim().toLowerCase();
      const run = () => original.apply(this, args) as Promise<unknown>;
      if (lower === 'begin') {
        const tx = { owner: this, statements: [] as Statement[], start: performance.now(), end: 0 };
        openTx.push(tx);
        txOf.set(this, tx.statements);
        return run();
      }
      if (lower === 'commit' || lower === 'rollback') {
        const tx = openTx.find((t) => t.owner === this);
        txOf.delete(this);
        return run().then((r) => {
          if (tx && recording) {
            tx.end = performance.now();
            recording.push({ text: TX, values: [], options: { tx }, start: tx.start, end: tx.end });
            openTx = openTx.filter((t) => t !== tx);
          }
          return r;
        });
      }
      const vals = Array.isArray(values)
        ? values
        : ((config as { values?: unknown[] }).values ?? []);
      return record(this, text, vals, options, run);
    };
  pg.Pool.prototype.query = wrap(poolQuery) as typeof pg.Pool.prototype.query;
  pg.Client.prototype.query = wrap(clientQuery) as typeof pg.Client.prototype.query;
}

/** Wraps one PGlite instance the same way (its own query and transaction methods). */
export function instrumentPglite(db: PGlite): void {
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = ((text: string, values?: unknown[], options?: Record<string, unknown>) =>
    record(db, text, values ?? [], options ?? {}, () =>
      query(text, values, options),
    )) as PGlite['query'];
  db.transaction = (async <T>(fn: (tx: Transaction) => Promise<T>) => {
    if (!recording) return transaction(fn);
    const tx = { owner: db, statements: [] as Statement[], start: performance.now(), end: 0 };
    const result = await transaction(async (inner) => {
      const txQuery = inner.query.bind(inner);
      inner.query = ((text: string, values?: unknown[], options?: Record<string, unknown>) => {
        const statement: Statement = {
          text,
          values: [...(values ?? [])],
          options: options ?? {},
          start: performance.now(),
          end: 0,
        };
        tx.statements.push(statement);
        return txQuery(text, values, options).then((r) => {
          statement.end = performance.now();
          statement.firstRow = r.rows[0];
          return r;
        });
      }) as Transaction['query'];
      return fn(inner);
    });
    tx.end = performance.now();
    recording?.push({ text: TX, values: [], options: { tx }, start: tx.start, end: tx.end });
    return result;
  }) as PGlite['transaction'];
}

/** Runs one request alone and returns its statements grouped into concurrent waves. */
export async function capture(
  run: () => Promise<unknown>,
): Promise<{ capture: Capture; result: unknown }> {
  if (recording) throw new Error('captures cannot overlap');
  recording = [];
  let statements: Statement[];
  let result: unknown;
  try {
    result = await run();
  } finally {
    statements = recording;
    recording = null;
  }
  const steps: Step[] = statements
    .sort((a, b) => a.start - b.start)
    .map((s) => {
      if (s.text !== TX) return { kind: 'query', statement: s };
      const tx = s.options.tx as { statements: Statement[]; start: number; end: number };
      return { kind: 'tx', statements: tx.statements, start: tx.start, end: tx.end };
    });
  const waves: Capture = [];
  let waveEnd = -Infinity;
  for (const step of steps) {
    const start = step.kind === 'query' ? step.statement.start : step.start;
    const end = step.kind === 'query' ? step.statement.end : step.end;
    // A step that began before the wave's first step finished was issued alongside it.
    if (start < waveEnd) waves[waves.length - 1]!.push(step);
    else {
      waves.push([step]);
      waveEnd = end;
    }
  }
  return { capture: waves, result };
}

export const statementCount = (c: Capture) =>
  c.flat().reduce((n, s) => n + (s.kind === 'query' ? 1 : s.statements.length + 2), 0);
