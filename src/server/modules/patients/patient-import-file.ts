import { parse } from 'csv-parse/sync';
import {
  importedPatientFields,
  type ImportedPatientFields,
  type ImportMappingBody,
} from '@contracts/patient-import';
import { decodeCsv, guessDelimiter, looksBinary, type CsvEncoding } from '@domain/csv-encoding';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  readCell,
  REQUIRED_IMPORT_FIELDS,
  type ImportField,
} from '@domain/patient-import';
import { badRequest } from '../../errors';

/** A file's text read as CSV: its header and its records, in the encoding it was written in. */
export interface PatientFile {
  encoding: CsvEncoding;
  headers: string[];
  /** Each record with the spreadsheet's row number (the header is row 1); empty lines left out. */
  records: Array<{ rowNumber: number; cells: string[] }>;
}

/** More columns than any patient list has: a file read with the wrong separator, most likely. */
const MAX_COLUMNS = 200;
/**
 * Rows one file may hold. 50 MB of one-letter lines would be millions of records held in memory
 * at once; no clinic's list is that long, and a longer one goes in several files.
 */
export const MAX_IMPORT_ROWS = 200_000;

/**
 * Reads an uploaded file into its header and records (csv-parse: quotes, separators within
 * quotes, line breaks within cells). Anything that is not such a file is a 400 in words a
 * person can act on; nothing is stored before this has passed.
 */
export function readPatientFile(bytes: Buffer): PatientFile {
  if (bytes.length === 0)
    throw badRequest('This file is empty. Choose the CSV file of your patients.');
  if (looksBinary(bytes)) {
    throw badRequest(
      'This file is not a CSV file: it holds binary data. Save the spreadsheet as “CSV” and import that file.',
    );
  }
  const { encoding, text } = decodeCsv(bytes);
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: guessDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: false,
      // Stops reading past the limit: the header and one record more say it is over.
      to: MAX_IMPORT_ROWS + 2,
    }) as string[][];
  } catch (err) {
    const { message, lines } = err as { message: string; lines?: number };
    throw badRequest('This file cannot be read as CSV.', {
      details: `${lines ? `Line ${lines}: ` : ''}${message.replace(/^Invalid Record Length: /, '')}. Check the file's quotes, or save it again from the spreadsheet as CSV.`,
    });
  }
  const [head, ...body] = rows;
  const headers = (head ?? []).map((h) => h.trim());
  if (headers.length === 0 || headers.every((h) => h === '')) {
    throw badRequest('This file has no header line: its first line must name the columns.');
  }
  if (headers.length > MAX_COLUMNS) {
    throw badRequest(
      `This file has ${headers.length} columns; a patient file has at most ${MAX_COLUMNS}. Check that it is separated by commas, semicolons or tabs.`,
    );
  }
  const seen = new Set<string>();
  for (const [i, h] of headers.entries()) {
    if (h === '') {
      throw badRequest(
        `Column ${i + 1} of the header line has no name. Name it, or remove the column.`,
      );
    }
    if (seen.has(h)) throw badRequest(`Two columns are named “${h}”. Rename one of them.`);
    seen.add(h);
  }
  if (body.length > MAX_IMPORT_ROWS) {
    throw badRequest(
      `This file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows. Split it into several files and import each.`,
    );
  }
  const records = body
    .map((cells, i) => ({ rowNumber: i + 2, cells }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (records.length === 0) {
    throw badRequest('This file has a header line but no patients under it.');
  }
  return { encoding, headers, records };
}

/**
 * The mapping as a check uses it: each field's column index. A column the file does not have,
 * a required field left out, or one column chosen for two fields is a 400.
 */
export function columnsOf(file: PatientFile, mapping: ImportMappingBody): Map<ImportField, number> {
  const columns = new Map<ImportField, number>();
  const used = new Map<string, ImportField>();
  const fields: Array<{ field: string; message: string }> = [];
  for (const field of IMPORT_FIELDS) {
    const header = mapping[field];
    if (header === undefined || header === null || header === '') continue;
    const index = file.headers.indexOf(header);
    if (index < 0) {
      fields.push({ field, message: `is column “${header}”, which this file does not have` });
      continue;
    }
    const other = used.get(header);
    if (other) {
      fields.push({
        field,
        message: `is column “${header}”, already chosen for ${IMPORT_FIELD_LABELS[other].toLowerCase()}`,
      });
      continue;
    }
    used.set(header, field);
    columns.set(field, index);
  }
  for (const field of REQUIRED_IMPORT_FIELDS) {
    if (!columns.has(field) && !fields.some((f) => f.field === field)) {
      fields.push({ field, message: 'needs a column: every patient has one' });
    }
  }
  if (fields.length > 0) {
    throw badRequest('The column mapping is not complete.', {
      details: fields
        .map((f) => `${IMPORT_FIELD_LABELS[f.field as ImportField]} ${f.message}.`)
        .join(' '),
      fields: fields.map((f) => ({ field: `mapping.${f.field}`, message: f.message })),
    });
  }
  return columns;
}

export type ParsedRow =
  | { rowNumber: number; fields: ImportedPatientFields; invalid?: undefined }
  | { rowNumber: number; invalid: string; fields?: undefined };

/** Words for the record's enumerations, where the schema's own would list codes in quotes. */
const ENUM_MESSAGES: Partial<Record<ImportField, string>> = {
  gender: 'must be male, female, other or unknown (M, F, O or U)',
  preferredLanguage: 'must be en, es or fr (English, Spanish or French)',
  contactChannel: 'must be email, sms or phone',
  remindersOptOut: 'must be yes or no',
};

/**
 * Each record read through the mapping and validated by the patient record's own schema; a row
 * that fails says which field, what it held and what is wrong, in one sentence.
 */
export function parseRows(file: PatientFile, columns: Map<ImportField, number>): ParsedRow[] {
  const width = file.headers.length;
  return file.records.map(({ rowNumber, cells }) => {
    if (cells.length !== width) {
      return {
        rowNumber,
        invalid: `This row has ${cells.length} cells where the header has ${width}: a cell may hold an unquoted separator.`,
      };
    }
    const raw: Record<string, unknown> = {};
    const text: Partial<Record<ImportField, string>> = {};
    for (const [field, index] of columns) {
      const cell = cells[index] ?? '';
      const value = readCell(field, cell);
      if (value !== undefined) {
        raw[field] = value;
        text[field] = cell.trim();
      }
    }
    const missing = REQUIRED_IMPORT_FIELDS.find((f) => raw[f] === undefined);
    if (missing) return { rowNumber, invalid: `${IMPORT_FIELD_LABELS[missing]} is missing.` };
    const parsed = importedPatientFields.safeParse(raw);
    if (parsed.success) return { rowNumber, fields: parsed.data };
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0] as ImportField;
    const message =
      (issue.code === 'invalid_value' || issue.code === 'invalid_type'
        ? ENUM_MESSAGES[field]
        : undefined) ?? issue.message;
    const shown = (text[field] ?? '').slice(0, 60);
    return {
      rowNumber,
      invalid: `${IMPORT_FIELD_LABELS[field]} “${shown}” ${message.replace(/\.$/, '')}.`,
    };
  });
}
