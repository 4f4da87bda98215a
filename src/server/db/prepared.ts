import type { Executor } from './client';

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
  let cache = byExecutor.get(db);
  if (!cache) byExecutor.set(db, (cache = new Map()));
  let query = cache.get(name) as Q | undefined;
  if (query === undefined) {
    query = build(name);
    cache.set(name, query);
  }
  return query;
}
