import { sql } from 'drizzle-orm';

/**
 * A row count written into a statement's text, for a LIMIT. Given as a parameter, a LIMIT makes
 * PostgreSQL cost a prepared statement's generic plan for a tenth of the rows, so it never
 * prefers it and plans every execution afresh: for the list's page and the patient search that
 * cost more than running them. With the number in the text the generic plan is the custom one,
 * and a named statement is planned once per connection: name it after the count.
 */
export function literalCount(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  // Drizzle writes an SQL object given as a limit into the text; its type admits numbers only.
  return sql.raw(String(n)) as unknown as number;
}
