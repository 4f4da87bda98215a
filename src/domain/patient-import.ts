// The rules of a CSV import of patients (issue 41, ADR 043): which fields a file may fill, how
// its columns are matched to them, how a spreadsheet's ways of writing a value are read, and what
// each row comes to. No I/O: the module reads the file and the database and hands them here.
import { changedFields, type FieldChange } from './patients';
import { normalizeSearchText } from './search-text';

/** The fields of a patient record a file may fill, in the order the mapping form shows them. */
export const IMPORT_FIELDS = [
  'recordNumber',
  'firstName',
  'lastName',
  'preferredName',
  'dob',
  'gender',
  'email',
  'phone',
  'addressLine',
  'city',
  'region',
  'postalCode',
  'country',
  'preferredLanguage',
  'contactChannel',
  'remindersOptOut',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** What a row must hold: a patient record cannot be written without them. */
export const REQUIRED_IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
] as const satisfies readonly ImportField[];

/** Each field as a person names it; the first is also the export's column header. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  recordNumber: 'Record number',
  firstName: 'First name',
  lastName: 'Last name',
  preferredName: 'Preferred name',
  dob: 'Date of birth',
  gender: 'Gender',
  email: 'E-mail',
  phone: 'Phone',
  addressLine: 'Address',
  city: 'City',
  region: 'State or region',
  postalCode: 'Postal code',
  country: 'Country',
  preferredLanguage: 'Preferred language',
  contactChannel: 'Contact by',
  remindersOptOut: 'No reminders',
};

/** Other header names spreadsheets commonly give each field, compared as `headerKey` writes them. */
const HEADER_ALIASES: Record<ImportField, readonly string[]> = {
  recordNumber: ['mrn', 'chart number', 'medical record number', 'patient number', 'record no'],
  firstName: ['first', 'given name', 'forename', 'firstname', 'given'],
  lastName: ['last', 'family name', 'surname', 'lastname', 'family'],
  preferredName: ['nickname', 'known as'],
  dob: ['dob', 'birth date', 'birthdate', 'date of birth', 'birthday'],
  gender: ['sex', 'administrative gender'],
  email: ['email', 'email address', 'e mail', 'mail'],
  phone: ['phone number', 'telephone', 'mobile', 'cell', 'tel'],
  addressLine: ['address line', 'street', 'street address', 'address 1', 'address line 1'],
  city: ['town'],
  region: ['state', 'region', 'province', 'county'],
  postalCode: ['zip', 'zip code', 'postcode', 'postal'],
  country: ['country code'],
  preferredLanguage: ['language', 'lang'],
  contactChannel: ['contact channel', 'preferred contact', 'contact'],
  remindersOptOut: ['reminders opt out', 'opt out', 'no reminder'],
};

/** A header as compared: lower case, accents and punctuation gone, spaces collapsed. */
export function headerKey(header: string): string {
  return normalizeSearchText(header.replace(/[^\p{L}\p{N}]+/gu, ' '));
}

/** Which column fills each field: a header of the file, or null for none. */
export type ImportMapping = Partial<Record<ImportField, string | null>>;

/**
 * The mapping to offer for a file: the clinic's last mapping where its column is in this file,
 * else a column whose name is the field's (or a common other name for it), else none.
 */
export function suggestMapping(
  headers: readonly string[],
  previous: ImportMapping | null,
): Record<ImportField, string | null> {
  const byKey = new Map<string, string>();
  for (const h of headers) if (!byKey.has(headerKey(h))) byKey.set(headerKey(h), h);
  const taken = new Set<string>();
  const result = {} as Record<ImportField, string | null>;
  const remembered = (field: ImportField) => {
    const header = previous?.[field];
    return header && headers.includes(header) ? header : null;
  };
  for (const field of IMPORT_FIELDS) {
    const header = remembered(field);
    if (header) taken.add(header);
    result[field] = header;
  }
  for (const field of IMPORT_FIELDS) {
    if (result[field]) continue;
    const names = [IMPORT_FIELD_LABELS[field], field, ...HEADER_ALIASES[field]].map(headerKey);
    const header = names.map((n) => byKey.get(n)).find((h) => h !== undefined && !taken.has(h));
    if (header) {
      taken.add(header);
      result[field] = header;
    }
  }
  return result;
}

const GENDER_WORDS: Record<string, string> = {
  m: 'male',
  f: 'female',
  o: 'other',
  u: 'unknown',
  man: 'male',
  woman: 'female',
};
const LANGUAGE_WORDS: Record<string, string> = {
  english: 'en',
  spanish: 'es',
  español: 'es',
  espanol: 'es',
  french: 'fr',
  français: 'fr',
  francais: 'fr',
};
const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0']);
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A cell as the record's validation reads it: a spreadsheet's ways of writing a value (4/30/1980,
 * "F", "Spanish", "yes") turned into the record's; anything else is left for the validation to
 * refuse in its own words. An empty cell is undefined: it leaves the record's value as it is.
 */
export function readCell(field: ImportField, raw: string): unknown {
  const text = raw.trim();
  if (text === '') return undefined;
  const lower = text.toLowerCase();
  switch (field) {
    case 'dob': {
      const us = US_DATE.exec(text);
      return us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : text;
    }
    case 'gender':
      return GENDER_WORDS[lower] ?? lower;
    case 'preferredLanguage':
      return LANGUAGE_WORDS[lower] ?? lower;
    case 'contactChannel':
      return lower === 'e-mail' ? 'email' : lower;
    case 'remindersOptOut':
      return YES.has(lower) ? true : NO.has(lower) ? false : text;
    default:
      return text;
  }
}

/** A row's keys, as the database compares them: record number and e-mail, case aside. */
export interface RowKeys {
  recordNumber: string | null;
  email: string;
}

const keyOf = (s: string) => s.toLowerCase();

/**
 * Rows that repeat an earlier row's record number or e-mail, each with the sentence that says
 * which: the first row of a patient is imported, the later ones are duplicates of it.
 */
export function repeatedRows(
  rows: ReadonlyArray<{ rowNumber: number; keys: RowKeys }>,
): Map<number, string> {
  const byRecord = new Map<string, number>();
  const byEmail = new Map<string, number>();
  const repeated = new Map<number, string>();
  for (const { rowNumber, keys } of rows) {
    const record = keys.recordNumber === null ? null : keyOf(keys.recordNumber);
    const earlierRecord = record === null ? undefined : byRecord.get(record);
    const earlierEmail = byEmail.get(keyOf(keys.email));
    if (earlierRecord !== undefined) {
      repeated.set(
        rowNumber,
        `Record number ${keys.recordNumber} is already on row ${earlierRecord} of this file.`,
      );
    } else if (earlierEmail !== undefined) {
      repeated.set(
        rowNumber,
        `E-mail ${keys.email} is already on row ${earlierEmail} of this file.`,
      );
    } else {
      if (record !== null) byRecord.set(record, rowNumber);
      byEmail.set(keyOf(keys.email), rowNumber);
    }
  }
  return repeated;
}

/** Two names are one when they are equal but for case, accents and spaces. */
export function sameName(a: string, b: string): boolean {
  return normalizeSearchText(a) === normalizeSearchText(b);
}

/** What a row of the file comes to, as the dry run shows it and the apply does it. */
export const IMPORT_OUTCOMES = ['new', 'updated', 'unchanged', 'duplicate', 'invalid'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** A patient of the clinic a row may be, with the fields a file may fill. */
export type ExistingPatient = { id: string; erased: boolean } & Record<ImportField, unknown>;

export interface RowDecision {
  outcome: ImportOutcome;
  reason: string | null;
  /** The patient the row updates or leaves as they are. */
  patientId: string | null;
  changes: FieldChange[];
}

const nameOf = (p: ExistingPatient) => `${String(p.firstName)} ${String(p.lastName)}`;

/**
 * What a valid row that repeats no earlier row comes to. It is the patient with its record
 * number, else the one with its e-mail (ADR 043); with neither it is new, unless a patient of the
 * same name and date of birth exists, who is likely the same person under another e-mail. Only
 * the fields the row fills are compared: an empty cell never clears a value.
 */
export function decideRow(
  fields: Partial<Record<ImportField, unknown>>,
  found: {
    byRecordNumber: ExistingPatient | null;
    byEmail: ExistingPatient | null;
    sameNameAndBirth: ExistingPatient | null;
  },
): RowDecision {
  const { byRecordNumber, byEmail, sameNameAndBirth } = found;
  if (byRecordNumber && byEmail && byRecordNumber.id !== byEmail.id) {
    return {
      outcome: 'invalid',
      reason: `Record number ${String(fields.recordNumber)} is ${nameOf(byRecordNumber)}’s, but e-mail ${String(fields.email)} is ${nameOf(byEmail)}’s: correct one of them.`,
      patientId: null,
      changes: [],
    };
  }
  const existing = byRecordNumber ?? byEmail;
  if (existing) {
    if (existing.erased) {
      return {
        outcome: 'invalid',
        reason:
          'This row is a patient whose personal data was erased at their request; their record cannot be changed.',
        patientId: existing.id,
        changes: [],
      };
    }
    const changes = changedFields(existing, fields);
    return changes.length === 0
      ? { outcome: 'unchanged', reason: null, patientId: existing.id, changes }
      : {
          outcome: 'updated',
          reason: `Changes ${changes.map((c) => IMPORT_FIELD_LABELS[c.field as ImportField].toLowerCase()).join(', ')}.`,
          patientId: existing.id,
          changes,
        };
  }
  if (sameNameAndBirth) {
    return {
      outcome: 'duplicate',
      reason: `Likely ${nameOf(sameNameAndBirth)}, born ${String(sameNameAndBirth.dob)}, already a patient with e-mail ${String(sameNameAndBirth.email)}: correct the row’s e-mail or record number to update them.`,
      patientId: sameNameAndBirth.id,
      changes: [],
    };
  }
  return { outcome: 'new', reason: null, patientId: null, changes: [] };
}
