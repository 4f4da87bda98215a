import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A selected field as drizzle keeps it on a prepared query: where it goes, and what it is. */
interface SelectedField {
  path: string[];
  field: unknown;
}

/** The parts of drizzle's prepared query (both drivers) that turn its rows into objects. */
interface MappedQuery {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** The decoder drizzle's mapResultRow picks for a field, picked once. */
function decoderOf(field: unknown): Decoder {
  // A SQL expression's decoder is internal to drizzle (set by mapWith, else a no-op).
  const sqlDecoder = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return sqlDecoder(field);
  if (is(field, Subquery)) return sqlDecoder((field as unknown as { _: { sql: SQL } })._.sql);
  return sqlDecoder((field as { sql: SQL }).sql);
}

/**
 * The rows of a prepared select (or insert ... returning) as objects, exactly as drizzle's
 * `mapResultRow` makes them, with what it works out for every column of every row (which kind
 * of field, which decoder, which joined table) worked out once per statement instead. That work
 * was about a tenth of the CPU of a request that reads a page of wide rows (the FHIR appointment
 * search). A left-joined table whose columns all come back null becomes null, as in drizzle.
 */
export function compileRowMapper(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (rows: unknown[][]) => Array<Record<string, unknown>> {
  const columns = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1]!,
    decoder: decoderOf(field),
    table:
      joinsNotNullableMap && path.length === 2 && is(field, Column)
        ? getTableName(field.table)
        : undefined,
  }));
  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    let nullify: Record<string, string | false> | undefined;
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!;
      let node = result;
      for (const parent of column.parents) {
        if (!(parent in node)) node[parent] = {};
        node = node[parent] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = raw === null ? null : column.decoder.mapFromDriverValue(raw);
      node[column.key] = value;
      if (column.table !== undefined) {
        nullify ??= {};
        const object = column.parents[0]!;
        if (!(object in nullify)) nullify[object] = value === null ? column.table : false;
        else if (typeof nullify[object] === 'string' && nullify[object] !== column.table) {
          nullify[object] = false;
        }
      }
    }
    if (nullify) {
      for (const [object, table] of Object.entries(nullify)) {
        if (typeof table === 'string' && !joinsNotNullableMap![table]) result[object] = null;
      }
    }
    return result;
  };
  return (rows) => rows.map(mapRow);
}

/**
 * Gives a prepared query the compiled mapping of its rows; drizzle's execute uses a query's
 * `customResultMapper` in place of mapResultRow. Queries without fields (raw results) or with a
 * mapper of their own (relational queries) are left as they are.
 */
export function withCompiledRowMapper<Q>(query: Q): Q {
  const q = query as MappedQuery;
  if (q && Array.isArray(q.fields) && !q.customResultMapper) {
    q.customResultMapper = compileRowMapper(q.fields, q.joinsNotNullableMap);
  }
  return query;
}
