import { z } from 'zod';
import { DUPLICATE_REASONS } from '@domain/patient-duplicates';
import { clinicRef, idParams, uuidParam, wholeNumber } from './common';
import { defineEndpoint } from './endpoint';
import { patientRecord } from './patients';
import {
  dismissDuplicateRoute,
  getPatientDuplicatesRoute,
  listDuplicatePatientsRoute,
  mergePatientsRoute,
} from './routes/patient-merge';

export const DUPLICATE_PAGE_SIZE = 20;

/** A record as a merge compares it: the whole record and how many visits it holds. */
export const duplicatePatient = patientRecord.extend({ visits: z.number() });
export type DuplicatePatient = z.infer<typeof duplicatePatient>;

const reasons = z.array(z.enum(DUPLICATE_REASONS)).min(1);

export const duplicatePair = z.object({
  /** The two records, in name order. */
  patients: z.tuple([duplicatePatient, duplicatePatient]),
  reasons,
});
export type DuplicatePair = z.infer<typeof duplicatePair>;

export const listDuplicatePatientsQuery = z.object({
  /** One of the caller's clinics; all of them when absent. */
  clinic: clinicRef.optional(),
  /** Where the previous page ended (its `next`). */
  after: z.string().max(400).optional(),
  limit: wholeNumber(1, 50).default(DUPLICATE_PAGE_SIZE),
});
export type ListDuplicatePatientsQuery = z.input<typeof listDuplicatePatientsQuery>;

export const duplicatePairPage = z.object({
  pairs: z.array(duplicatePair),
  /** Pass as `after` for the next page; null once every patient was looked at. */
  next: z.string().nullable(),
  /** The slugs of the caller's clinics whose records they may merge (their admins chose). */
  editableClinics: z.array(z.string()),
});
export type DuplicatePairPage = z.infer<typeof duplicatePairPage>;

export const patientDuplicates = z.object({
  patient: duplicatePatient,
  duplicates: z.array(z.object({ patient: duplicatePatient, reasons })),
});
export type PatientDuplicates = z.infer<typeof patientDuplicates>;

const version = z.number({ error: 'must be the version you read' }).int().min(1);

export const mergePatientsBody = z
  .object({
    /** The record that goes: its visits, waitlist entries, series and notes move to this one. */
    mergedAwayId: uuidParam,
    /** The kept record's version, as read. */
    version,
    /** The merged-away record's version, as read. */
    mergedAwayVersion: version,
  })
  .strict();
export type MergePatientsBody = z.input<typeof mergePatientsBody>;

export const mergeResult = z.object({
  kept: patientRecord,
  mergedAwayId: z.string(),
  /** What moved to the kept record. */
  moved: z.object({
    appointments: z.number(),
    waitlistEntries: z.number(),
    series: z.number(),
    notes: z.number(),
  }),
  /** The kept record's fields that were empty and now hold the merged-away record's value. */
  filled: z.array(z.string()),
});
export type MergeResult = z.infer<typeof mergeResult>;

export const dismissDuplicateBody = z.object({ otherId: uuidParam }).strict();
export type DismissDuplicateBody = z.input<typeof dismissDuplicateBody>;

export const dismissResult = z.object({ dismissed: z.literal(true) });

const forStaff = { tag: 'Patients', access: 'authenticated' } as const;
// Kept in step with mayEditPatients (server/modules/patients/patient-editors.ts), the one check.
/** Every staff member may call; the records' clinic decides who may merge (ADR 041). */
const forEditors = { tag: 'Patients', access: 'authenticated' } as const;

export const listDuplicatePatientsEndpoint = defineEndpoint({
  ...forStaff,
  ...listDuplicatePatientsRoute,
  summary: 'Pairs of patient records that likely stand for one person, with the reasons',
  description:
    'Same e-mail, same phone number (its last ten digits), or the same date of birth with a similar name. Pairs staff marked as two people are left out, as are merged and erased records. A page looks at a stretch of the patients in name order: it may hold fewer pairs than `limit` and still have a `next`.',
  query: listDuplicatePatientsQuery,
  responses: { 200: duplicatePairPage },
  errors: [404],
});

export const getPatientDuplicatesEndpoint = defineEndpoint({
  ...forStaff,
  ...getPatientDuplicatesRoute,
  summary: 'The records that likely stand for the same person as this patient',
  params: idParams,
  responses: { 200: patientDuplicates },
  errors: [404],
});

export const mergePatientsEndpoint = defineEndpoint({
  ...forEditors,
  ...mergePatientsRoute,
  summary: 'Merge another record of the same person into this one',
  description:
    'Appointments (with a history entry and an `appointment.updated` webhook, but no message to the patient), waitlist entries, series and notes move to this record; its empty fields take the other record’s values; the other record is archived and points here (FHIR `replaced-by`). Send both versions you read: a record changed meanwhile is a 409 and nothing moves. A booking for the merged-away record made at the same moment either moves with it or is refused.',
  params: idParams,
  body: mergePatientsBody,
  responses: { 200: mergeResult },
  errors: [404, 409],
});

export const dismissDuplicateEndpoint = defineEndpoint({
  ...forEditors,
  ...dismissDuplicateRoute,
  summary: 'Mark two records as different people, so they are no longer shown as duplicates',
  params: idParams,
  body: dismissDuplicateBody,
  responses: { 200: dismissResult },
  errors: [404, 409],
});
