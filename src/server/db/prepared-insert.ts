import { getTableColumns, getTableName, is, Param, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { prepared } from './prepared';

/** The few rows a change writes; beyond this, an insert is built each time as before. */
const MAX_PREPARED_ROWS = 4;

/** Each insert shape (table, columns given, rows, what comes back) and its statement's name. */
const shapeNames = new Map<string, string>();

/**
 * Inserts rows through a statement prepared once per connection for their shape, instead of
 * building the insert again each time (drizzle's builder costs more CPU than PostgreSQL spends on
 * a one-row insert). Only for a few rows at a time: the shape is the table, the columns given (a column left out or undefined
 * takes its default, as with drizzle's own insert), how many rows, and the columns returned; each
 * value is still encoded by its column (JSON, timestamps), as drizzle does.
 */
export async function insertPrepared<T extends PgTable, R extends Record<string, PgColumn>>(
  db: Executor,
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
  returning?: R,
): Promise<Array<{ [K in keyof R]: R[K]['_']['data'] }>> {
  if (rows.length === 0) return [];
  const given = (row: object) =>
    Object.keys(row)
      .filter((key) => (row as Record<string, unknown>)[key] !== undefined)
      .sort();
  const columns = given(rows[0]!);
  const signature = columns.join(',');
  const isSql = (value: unknown) => is(value, SQL) || is(value, Param);
  if (
    rows.length > MAX_PREPARED_ROWS ||
    rows.some((row) => given(row).join(',') !== signature) ||
    rows.some((row) => Object.values(row).some(isSql))
  ) {
    // A batch (a clinic's reminders planned again), rows that give different columns, or a value
    // written as SQL: drizzle's own insert, which fills each gap with DEFAULT, and no statement
    // kept per size.
    const insert = db.insert(table).values([...rows] as never);
    return (returning ? await insert.returning(returning) : (await insert, [])) as never;
  }
  const returned = Object.entries(returning ?? {}).map(([key, column]) => `${key}=${column.name}`);
  const shape = `${getTableName(table)}(${signature})x${rows.length}->${returned.join(',')}`;
  let name = shapeNames.get(shape);
  if (!name) shapeNames.set(shape, (name = `insert_${shapeNames.size}_${getTableName(table)}`));
  // Each value encoded by its column as drizzle's insert does (JSON, timestamps, arrays), and a
  // null sent as NULL: drizzle would pass a placeholder's null to the column's encoder.
  const tableColumns = getTableColumns(table) as Record<string, PgColumn>;
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const column of columns) {
      const value = (row as Record<string, unknown>)[column];
      values[`${column}_${i}`] =
        value === null ? null : tableColumns[column]!.mapToDriverValue(value);
    }
  });
  const query = prepared(db, name.slice(0, 63), (statement) => {
    // Wrapped in sql``, so drizzle sends the value encoded above as it is.
    const placeholders = rows.map((_, i) =>
      Object.fromEntries(
        columns.map((column) => [column, sql`${sql.placeholder(`${column}_${i}`)}`]),
      ),
    );
    const insert = db.insert(table).values(placeholders as never);
    return (returning ? insert.returning(returning) : insert).prepare(statement);
  });
  const result = await (query as { execute(v: unknown): Promise<unknown> }).execute(values);
  return (returning ? result : []) as Array<{ [K in keyof R]: R[K]['_']['data'] }>;
}
