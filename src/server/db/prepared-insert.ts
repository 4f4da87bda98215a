import { getTableColumns, getTableName, is, Param, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { prepared } from './prepared';

/** The few rows a change writes; beyond this, an insert is built each time as before. */
const MAX_PREPARED_ROWS = 4;

/** What an insert of one shape needs besides its values, worked out once per shape. */
interface Shape {
  /** The statement's name, unique per shape. */
  name: string;
  /** Each column given: its encoder, and its placeholder's name in each row. */
  encoders: PgColumn[];
  placeholders: string[][];
}

/** Each insert shape (table, columns given, rows, what comes back) and what it needs. */
const shapes = new Map<string, Shape>();
/** The columns returned, spelled once per `returning` object (callers pass the same one). */
const returnedKeys = new WeakMap<object, string>();

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
  /**
   * `ON CONFLICT DO NOTHING`: a row that any unique key or exclusion constraint refuses is
   * skipped, not an error (it is then missing from what comes back).
   */
  options: { skipConflicts?: boolean } = {},
): Promise<Array<{ [K in keyof R]: R[K]['_']['data'] }>> {
  if (rows.length === 0) return [];
  const columns = givenColumns(rows[0]!);
  const signature = columns.join(',');
  if (
    rows.length > MAX_PREPARED_ROWS ||
    rows.some((row, i) => i > 0 && givenColumns(row).join(',') !== signature) ||
    rows.some(hasSqlValue)
  ) {
    // A batch (a clinic's reminders planned again), rows that give different columns, or a value
    // written as SQL: drizzle's own insert, which fills each gap with DEFAULT, and no statement
    // kept per size.
    const values = db.insert(table).values([...rows] as never);
    const insert = options.skipConflicts ? values.onConflictDoNothing() : values;
    return (returning ? await insert.returning(returning) : (await insert, [])) as never;
  }
  const skip = options.skipConflicts ? ' skipping conflicts' : '';
  const key = `${getTableName(table)}(${signature})x${rows.length}->${returnedKey(returning)}${skip}`;
  let shape = shapes.get(key);
  if (!shape) {
    const tableColumns = getTableColumns(table) as Record<string, PgColumn>;
    shape = {
      name: `insert_${shapes.size}_${getTableName(table)}`.slice(0, 63),
      encoders: columns.map((column) => tableColumns[column]!),
      placeholders: rows.map((_, i) => columns.map((column) => `${column}_${i}`)),
    };
    shapes.set(key, shape);
  }
  // Each value encoded by its column as drizzle's insert does (JSON, timestamps, arrays), and a
  // null sent as NULL: drizzle would pass a placeholder's null to the column's encoder.
  const values: Record<string, unknown> = {};
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Record<string, unknown>;
    const names = shape.placeholders[i]!;
    for (let c = 0; c < columns.length; c++) {
      const value = row[columns[c]!];
      values[names[c]!] = value === null ? null : shape.encoders[c]!.mapToDriverValue(value);
    }
  }
  const { placeholders } = shape;
  const query = prepared(db, shape.name, (statement) => {
    // Wrapped in sql``, so drizzle sends the value encoded above as it is.
    const values = db
      .insert(table)
      .values(
        placeholders.map((names) =>
          Object.fromEntries(
            columns.map((column, c) => [column, sql`${sql.placeholder(names[c]!)}`]),
          ),
        ) as never,
      );
    const insert = skip ? values.onConflictDoNothing() : values;
    return (returning ? insert.returning(returning) : insert).prepare(statement);
  });
  const result = await (query as { execute(v: unknown): Promise<unknown> }).execute(values);
  return (returning ? result : []) as Array<{ [K in keyof R]: R[K]['_']['data'] }>;
}

/** The row's columns that are given (not undefined), in one order whatever the row's. */
function givenColumns(row: object): string[] {
  const given: string[] = [];
  for (const key of Object.keys(row)) {
    if ((row as Record<string, unknown>)[key] !== undefined) given.push(key);
  }
  return given.sort();
}

/** Whether a value is written as SQL; a plain value, Date, array or JSON object never is. */
function hasSqlValue(row: object): boolean {
  for (const value of Object.values(row)) {
    if (typeof value !== 'object' || value === null) continue;
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto === null || proto === Object.prototype || proto === Array.prototype) continue;
    if (value instanceof Date) continue;
    if (is(value, SQL) || is(value, Param)) return true;
  }
  return false;
}

function returnedKey(returning: Record<string, PgColumn> | undefined): string {
  if (!returning) return '';
  let text = returnedKeys.get(returning);
  if (text === undefined) {
    text = Object.entries(returning)
      .map(([key, column]) => `${key}=${column.name}`)
      .join(',');
    returnedKeys.set(returning, text);
  }
  return text;
}
