import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV Injection"):
 * such a cell starts with a quote, which shows the text as it was and runs nothing. Names and
 * reasons come from patients booking online, so any text cell may be one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A CSV file of `lines` under a header of `columns`, written only as fast as the client takes it,
 * every text cell guarded against formulas, with a byte order mark so that spreadsheets read
 * accents as UTF-8. A failure after the first line aborts the stream, so a broken file never
 * looks whole.
 */
export function csvFile(
  columns: readonly string[],
  lines: AsyncIterable<string[]>,
): NodeJS.ReadableStream {
  const csv = stringify({
    header: true,
    columns: [...columns],
    bom: true,
    cast: { string: guardCell },
  });
  pipeline(Readable.from(lines), csv, () => {});
  return csv;
}

/** Sends a CSV file as a download that no cache keeps. */
export function sendCsvFile(
  reply: FastifyReply,
  file: { filename: string; body: NodeJS.ReadableStream },
) {
  return (
    reply
      .type('text/csv; charset=utf-8')
      // The name is ours (letters, digits and dashes): nothing in it needs quoting rules.
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body)
  );
}
