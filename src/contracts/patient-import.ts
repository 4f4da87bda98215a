import { z } from 'zod';
import { CSV_ENCODINGS } from '@domain/csv-encoding';
import { IMPORT_FIELDS, IMPORT_OUTCOMES, type ImportField } from '@domain/patient-import';
import { clinicRef, idParams, safeText, wholeNumber } from './common';
import { defineEndpoint } from './endpoint';
import { updatePatientBody } from './patients';
import {
  applyPatientImportRoute,
  checkPatientImportRoute,
  getPatientImportRoute,
  listPatientImportRowsRoute,
  uploadPatientImportRoute,
} from './routes/patient-import';

/** A file this large or larger is refused before it is read (issue 41: "a 50 MB file is refused"). */
export const PATIENT_IMPORT_MAX_BYTES = 50 * 1000 * 1000 - 1;
export const PATIENT_IMPORT_TOO_LARGE =
  'This file is too large: a patient file must be smaller than 50 MB. Split it into several files and import each.';
/** The content types a CSV file arrives with: browsers on Windows call .csv files an Excel type. */
export const PATIENT_IMPORT_CONTENT_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
] as const;

export const IMPORT_STATUSES = ['uploaded', 'checked', 'applying', 'applied', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * One row of a file, as the patient record's own validation reads it (the edit's schema): the
 * same words refuse a bad e-mail in a file and in the edit form. Names and e-mail are required.
 */
export const importedPatientFields = updatePatientBody
  .omit({ version: true, archived: true })
  .extend({
    firstName: updatePatientBody.shape.firstName.unwrap(),
    lastName: updatePatientBody.shape.lastName.unwrap(),
    email: updatePatientBody.shape.email.unwrap().unwrap(),
  })
  .strict();
export type ImportedPatientFields = z.output<typeof importedPatientFields>;

const header = z.string().max(200);
export const importMapping = z
  .object(
    Object.fromEntries(IMPORT_FIELDS.map((f) => [f, header.nullable().optional()])) as Record<
      ImportField,
      z.ZodOptional<z.ZodNullable<typeof header>>
    >,
  )
  .strict();
export type ImportMappingBody = z.input<typeof importMapping>;

const outcomeCounts = z.object(
  Object.fromEntries(IMPORT_OUTCOMES.map((o) => [o, z.number()])) as Record<
    (typeof IMPORT_OUTCOMES)[number],
    z.ZodNumber
  >,
);
export type ImportCounts = z.infer<typeof outcomeCounts>;

export const patientImport = z.object({
  id: z.string(),
  clinic: z.object({ slug: z.string(), name: z.string() }),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Rows of patients in the file, the header not counted. */
  totalRows: z.number(),
  /** Rows the apply has gone through so far: the progress bar. */
  processedRows: z.number(),
  /** The dry run's counts, then the apply's. */
  counts: outcomeCounts.nullable(),
  mapping: importMapping.nullable(),
  /** Why the apply stopped, when it failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PatientImport = z.infer<typeof patientImport>;

export const patientImportUpload = z.object({
  import: patientImport,
  encoding: z.enum(CSV_ENCODINGS),
  headers: z.array(z.string()),
  /** The first rows of the file, cell by cell, to help choose the columns. */
  preview: z.array(z.array(z.string())),
  /** The clinic's last mapping where this file has its columns, else guessed from the headers. */
  suggestedMapping: importMapping,
});
export type PatientImportUpload = z.infer<typeof patientImportUpload>;

export const uploadPatientImportQuery = z.object({
  /** The clinic the patients join; required of a user of several clinics. */
  clinic: clinicRef.optional(),
  fileName: safeText(200).pipe(z.string().min(1, 'is required')),
});

export const checkPatientImportBody = z.object({ mapping: importMapping }).strict();

export const IMPORT_ROWS_PAGE_SIZE = 50;
export const listPatientImportRowsQuery = z.object({
  outcome: z
    .enum(IMPORT_OUTCOMES, { error: 'must be new, updated, unchanged, duplicate or invalid' })
    .optional(),
  /** The row number the previous page ended on (its `next`). */
  after: wholeNumber(0, 10_000_000).optional(),
  limit: wholeNumber(1, 200).default(IMPORT_ROWS_PAGE_SIZE),
});
export type ListPatientImportRowsQuery = z.input<typeof listPatientImportRowsQuery>;

export const patientImportRow = z.object({
  /** As a spreadsheet numbers it: the header is row 1. */
  rowNumber: z.number(),
  outcome: z.enum(IMPORT_OUTCOMES),
  reason: z.string().nullable(),
  patientId: z.string().nullable(),
});
export type PatientImportRow = z.infer<typeof patientImportRow>;

export const patientImportRowPage = z.object({
  rows: z.array(patientImportRow),
  next: z.number().nullable(),
});
export type PatientImportRowPage = z.infer<typeof patientImportRowPage>;

/** Every staff member may call; the import's clinic decides who may bring patients in (ADR 041). */
const forEditors = { tag: 'Patients', access: 'authenticated' } as const;

export const uploadPatientImportEndpoint = defineEndpoint({
  ...forEditors,
  ...uploadPatientImportRoute,
  summary: 'Upload a CSV file of patients to import; answers its columns and a suggested mapping',
  description:
    'The body is the file itself (text/csv), UTF-8 with or without a byte-order mark or Windows-1252, separated by commas, semicolons or tabs. A file of 50 MB or more is a 413. Nothing is imported yet: check the file with a mapping, then apply it.',
  query: uploadPatientImportQuery,
  body: z
    .custom<Buffer>((v) => Buffer.isBuffer(v), 'must be a CSV file')
    .meta({ type: 'string', format: 'binary' }),
  responses: { 201: patientImportUpload },
  errors: [404],
});

export const getPatientImportEndpoint = defineEndpoint({
  ...forEditors,
  ...getPatientImportRoute,
  summary: 'An import’s status, counts and progress',
  params: idParams,
  responses: { 200: patientImport },
  errors: [404],
});

export const checkPatientImportEndpoint = defineEndpoint({
  ...forEditors,
  ...checkPatientImportRoute,
  summary: 'Dry run: say what each row would do with this mapping, changing no patient',
  description:
    'Each row is new, updated (naming the fields), unchanged, a duplicate (of an earlier row, or likely of a patient already there) or invalid (naming the field and what is wrong). The mapping is remembered for the clinic’s next file.',
  params: idParams,
  body: checkPatientImportBody,
  responses: { 200: patientImport },
  errors: [404, 409],
});

export const listPatientImportRowsEndpoint = defineEndpoint({
  ...forEditors,
  ...listPatientImportRowsRoute,
  summary: 'A page of an import’s rows with what each comes to and why, in file order',
  params: idParams,
  query: listPatientImportRowsQuery,
  responses: { 200: patientImportRowPage },
  errors: [404],
});

export const applyPatientImportEndpoint = defineEndpoint({
  ...forEditors,
  ...applyPatientImportRoute,
  summary: 'Apply a checked import: create and update the patients, in the background',
  description:
    'Answers at once; follow `processedRows` with GET. Each row is decided again against the records as they are then, so applying the same file twice changes nothing the second time. An apply that stopped (no progress for a minute) may be applied again and goes on where it stopped.',
  params: idParams,
  responses: { 202: patientImport },
  errors: [404, 409],
});
