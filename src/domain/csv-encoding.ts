// How a CSV file's bytes become text. Spreadsheets save CSV as UTF-8 (Excel's "CSV UTF-8" adds a
// byte-order mark) or, on Windows, in the legacy Windows-1252 code page; the file does not say
// which. Strict UTF-8 decoding fails on nearly every Windows-1252 file with an accented letter
// (é is the single byte E9, never valid UTF-8 alone), so trying UTF-8 first and falling back is
// safe (ADR 043).

export const CSV_ENCODINGS = ['utf-8-bom', 'utf-8', 'windows-1252'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

const BOM = [0xef, 0xbb, 0xbf] as const;

function hasBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && BOM.every((b, i) => bytes[i] === b);
}

/** The encoding a file's bytes are read in: a UTF-8 BOM, else valid UTF-8, else Windows-1252. */
export function detectCsvEncoding(bytes: Uint8Array): CsvEncoding {
  if (hasBom(bytes)) return 'utf-8-bom';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/**
 * Windows-1252's letters and signs at 0x80–0x9F (€, ’, “, Š, œ…), where ISO-8859-1 has control
 * codes. Some Node builds decode the 'windows-1252' label as ISO-8859-1 (nodejs/node#56542), so
 * O’Brien would lose its apostrophe: the range is mapped here. Five codes are undefined and stay.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder('latin1')
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** The file's text in the encoding detected, without the byte-order mark. */
export function decodeCsv(bytes: Uint8Array): { encoding: CsvEncoding; text: string } {
  const encoding = detectCsvEncoding(bytes);
  const text =
    encoding === 'windows-1252'
      ? decodeWindows1252(bytes)
      : new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
  return { encoding, text };
}

/** Whether bytes look like a binary file rather than text: a NUL byte never appears in CSV. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 64 * 1024).includes(0);
}

const DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof DELIMITERS)[number];

/**
 * The separator of a file's header line: a comma, or the semicolon that spreadsheets write where
 * the comma is the decimal mark, or a tab; whichever appears most outside quotes (a comma on a tie).
 */
export function guessDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch as CsvDelimiter)) {
      counts.set(ch as CsvDelimiter, counts.get(ch as CsvDelimiter)! + 1);
    }
  }
  let best: CsvDelimiter = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}
