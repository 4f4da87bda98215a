import { z } from 'zod';
import { ADMINISTRATIVE_GENDERS, CONTACT_CHANNELS, PATIENT_LANGUAGES } from '@domain/patients';
import {
  calendarDate,
  clinicRef,
  emailField,
  idParams,
  multiLineText,
  phoneNumberField,
  safeText,
  wholeNumber,
  booleanFlag,
} from './common';
import { defineEndpoint } from './endpoint';
import {
  addPatientNoteRoute,
  erasePatientRoute,
  exportPatientsRoute,
  getPatientRoute,
  listPatientsRoute,
  updatePatientRoute,
} from './routes/patients';

export const PATIENT_PAGE_SIZE = 25;

export const listPatientsQuery = z.object({
  /** A name, e-mail, phone number, date of birth or record number, or nothing for everyone. */
  q: safeText(200).optional(),
  /** One of the caller's clinics; all of them when absent. */
  clinic: clinicRef.optional(),
  /** Where the previous page ended (its `next`). */
  after: z.string().max(400).optional(),
  limit: wholeNumber(1, 100).default(PATIENT_PAGE_SIZE),
  /** Archived patients are left out unless asked for. */
  archived: booleanFlag,
});
export type ListPatientsQuery = z.input<typeof listPatientsQuery>;

/** The patients an export takes: those the same search finds, all of them. */
export const exportPatientsQuery = listPatientsQuery.omit({ after: true, limit: true });
export type ExportPatientsQuery = z.input<typeof exportPatientsQuery>;

const clinicOfPatient = z.object({ slug: z.string(), name: z.string(), timezone: z.string() });

export const patientRecord = z.object({
  id: z.string(),
  clinic: clinicOfPatient,
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.enum(ADMINISTRATIVE_GENDERS).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  addressLine: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  recordNumber: z.string().nullable(),
  preferredLanguage: z.enum(PATIENT_LANGUAGES).nullable(),
  contactChannel: z.enum(CONTACT_CHANNELS),
  remindersOptOut: z.boolean(),
  source: z.string().nullable(),
  archived: z.boolean(),
  /** Their personal data was erased at their request: the record only stands for past visits. */
  erased: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Sent back with an edit: a change made meanwhile by someone else is refused, not lost. */
  version: z.number(),
});
export type PatientRecord = z.infer<typeof patientRecord>;

/** A patient as the list shows them: the record's names and contact, and their next visit. */
export const patientListItem = patientRecord
  .pick({
    id: true,
    clinic: true,
    firstName: true,
    lastName: true,
    preferredName: true,
    dob: true,
    email: true,
    phone: true,
    recordNumber: true,
    archived: true,
  })
  .extend({
    /** The start of their next open visit, if any. */
    nextVisit: z.string().nullable(),
  });
export type PatientListItem = z.infer<typeof patientListItem>;

export const patientPage = z.object({
  patients: z.array(patientListItem),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
  /** The slugs of the caller's clinics whose patient records they may change, export and import. */
  editableClinics: z.array(z.string()),
});
export type PatientPage = z.infer<typeof patientPage>;

export const patientVisit = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.string(),
  provider: z.object({ id: z.string(), name: z.string() }),
  seriesId: z.string().nullable(),
  /** A cancellation inside the clinic's cut-off before the start (or a day, without one). */
  lateCancellation: z.boolean(),
});
export type PatientVisit = z.infer<typeof patientVisit>;

export const patientNote = z.object({
  id: z.string(),
  text: z.string(),
  author: z.string(),
  at: z.string(),
});
export type PatientNote = z.infer<typeof patientNote>;

export const patientChange = z.object({
  at: z.string(),
  by: z.string(),
  changes: z.array(
    z.object({ field: z.string(), from: z.unknown().nullable(), to: z.unknown().nullable() }),
  ),
});
export type PatientChange = z.infer<typeof patientChange>;

export const patientProfile = z.object({
  patient: patientRecord,
  visits: z.object({
    upcoming: z.array(patientVisit),
    /** The most recent past visits, newest first; `pastTotal` counts them all. */
    past: z.array(patientVisit),
    pastTotal: z.number(),
  }),
  counts: z.object({
    completed: z.number(),
    noShows: z.number(),
    cancelled: z.number(),
    lateCancellations: z.number(),
  }),
  waitlist: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      windowFrom: z.string(),
      windowTo: z.string(),
      provider: z.string().nullable(),
    }),
  ),
  series: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      visits: z.number(),
      nextStart: z.string().nullable(),
    }),
  ),
  notes: z.array(patientNote),
  history: z.array(patientChange),
  /** Whether the caller may change this record (front desk and admins). */
  canEdit: z.boolean(),
  /** The record this one was merged into (ADR 042): this one is kept for history only. */
  mergedInto: z.object({ id: z.string(), name: z.string(), at: z.string() }).nullable(),
});
export type PatientProfile = z.infer<typeof patientProfile>;

/** Today somewhere on Earth: a birth date may be up to a day ahead of UTC's date. */
const latestBirthDate = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const optionalText = (max: number) => safeText(max).nullable().optional();

export const updatePatientBody = z
  .object({
    version: z.number({ error: 'must be the version you read' }).int().min(1),
    firstName: safeText(100).pipe(z.string().min(1, 'is required')).optional(),
    lastName: safeText(100).pipe(z.string().min(1, 'is required')).optional(),
    preferredName: optionalText(100),
    dob: calendarDate('must be a date such as 1980-04-30')
      .refine((d) => d <= latestBirthDate(), 'must not be in the future')
      .nullable()
      .optional(),
    gender: z.enum(ADMINISTRATIVE_GENDERS).nullable().optional(),
    email: emailField.nullable().optional(),
    phone: phoneNumberField.nullable().optional(),
    addressLine: multiLineText(200).nullable().optional(),
    city: optionalText(100),
    region: optionalText(100),
    postalCode: optionalText(20),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US')
      .nullable()
      .optional(),
    recordNumber: optionalText(64),
    preferredLanguage: z.enum(PATIENT_LANGUAGES).nullable().optional(),
    contactChannel: z.enum(CONTACT_CHANNELS).optional(),
    remindersOptOut: z.boolean().optional(),
    /** Archived patients leave search (their visits and history stay); false restores them. */
    archived: z.boolean().optional(),
  })
  .strict();
export type UpdatePatientBody = z.input<typeof updatePatientBody>;

export const erasePatientBody = z.object({
  version: z.number({ error: 'must be the version you read' }).int().min(1),
  /** The reason, kept in the audit log: a request from the patient, say. */
  reason: safeText(500).pipe(z.string().min(1, 'is required')),
});

export const addPatientNoteBody = z.object({
  text: multiLineText(4000).pipe(z.string().min(1, 'must not be empty')),
});

const forStaff = { tag: 'Patients', access: 'authenticated' } as const;
/**
 * Changes are for admins and the roles each clinic's admins chose (the front desk unless they
 * chose otherwise, `patientRecords` in the clinic's policy): every staff member may call, and the
 * service answers 403 where the patient's clinic does not let the caller's role.
 */
const forEditors = { tag: 'Patients', access: 'authenticated' } as const;

export const listPatientsEndpoint = defineEndpoint({
  ...forStaff,
  ...listPatientsRoute,
  summary: 'A page of the patients of the caller’s clinics, found by what the search box holds',
  description:
    'A date (1980-04-30 or 4/30/1980) finds birth dates; three or more digits find phone numbers and record numbers; other text finds names and e-mails by the start of their words. In name order.',
  query: listPatientsQuery,
  responses: { 200: patientPage },
  errors: [404],
});

export const getPatientEndpoint = defineEndpoint({
  ...forStaff,
  ...getPatientRoute,
  summary: 'One patient’s record, visits, waitlist entries, series, notes and change history',
  params: idParams,
  responses: { 200: patientProfile },
  errors: [404],
});

export const updatePatientEndpoint = defineEndpoint({
  ...forEditors,
  ...updatePatientRoute,
  summary: 'Correct a patient’s details; each change is audited and shown in their history',
  description:
    'Send the `version` you read: a record someone changed meanwhile is a 409, and nothing is saved. Messages not yet sent go to the new e-mail address.',
  params: idParams,
  body: updatePatientBody,
  responses: { 200: patientRecord },
  errors: [404, 409],
});

export const addPatientNoteEndpoint = defineEndpoint({
  ...forEditors,
  ...addPatientNoteRoute,
  summary: 'Add a staff note to a patient’s record, signed with its author and time',
  params: idParams,
  body: addPatientNoteBody,
  responses: { 201: patientNote },
  errors: [404],
});

export const exportPatientsEndpoint = defineEndpoint({
  ...forEditors,
  ...exportPatientsRoute,
  summary: 'The patients the same search finds, whole, as a CSV file',
  description:
    'One line per patient in name order, streamed, with the columns an import reads. Each patient exported is audited. A cell that a spreadsheet would take for a formula (starting with =, +, -, @, a tab or a carriage return) starts with a quote.',
  query: exportPatientsQuery,
  responses: { 200: z.string().describe('A CSV file (text/csv), with a header line.') },
  errors: [404],
});

export const erasePatientEndpoint = defineEndpoint({
  ...forEditors,
  ...erasePatientRoute,
  summary: 'Erase a patient’s personal data at their request, keeping their visits as counts',
  description:
    'Names, contact details, address, record number and notes are replaced or removed; the visits stay, with the placeholder name, so the clinic’s counts and the audit log stay whole. A patient with upcoming visits is a 409: cancel those first. The erasure itself is audited, with its reason. It cannot be undone.',
  params: idParams,
  body: erasePatientBody,
  responses: { 200: patientRecord },
  errors: [404, 409],
});
