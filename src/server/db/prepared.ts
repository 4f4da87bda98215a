import type { Executor } from './client';
import { withCompiledRowMapper } from './row-mapper';

const byExecutor = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database (or transaction) and then only executed with new values.
 * Drizzle's query builder costs about as much CPU as the database spends answering a small
 * indexed read, and PostgreSQL parses and plans every unnamed statement again; a named prepared
 * statement pays both once per connection. Use it for the reads every request makes.
 *
 * `name` must identify the statement's text: a query whose shape depends on its input (which
 * filters are present) passes a name that spells out that shape.
 */
export function prepared<Q>(db: Executor, name: string, build: (name: string) => Q): Q {
  const key = connectionOf(db);
  let cache = byExecutor.get(key);
  if (!cache) byExecutor.set(key, (cache = new Map()));
  let query = cache.get(name) as Q | undefined;
  if (query === undefined) {
    // Its rows are mapped by a function compiled for its fields (row-mapper.ts).
    query = withCompiledRowMapper(build(name));
    cache.set(name, query);
  }
  return query;
}

/**
 * What a query built on `db` is bound to: drizzle's node-postgres prepared query holds only the
 * session's client, which for a transaction is the pooled connection, and that connection
 * outlives the transaction. Keyed by it, a booking's statements are built once per connection
 * instead of once per transaction (a booking built about fifteen each time). Anything else (the
 * pool itself, PGlite, whose transaction object is new each time) is keyed as it is.
 */
function connectionOf(db: Executor): object {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return typeof client === 'object' && client !== null ? client : db;
}
