import { z } from 'zod';
import {
  calendarDate,
  clinicRef,
  clinicSlugParams,
  emailField,
  phoneNumberField,
  safeText,
  timezoneField,
  uuidParam,
  wholeNumber,
} from './common';
import { defineEndpoint } from './endpoint';
import {
  createPatientRoute,
  listClinicAgentsRoute,
  listClinicsRoute,
  listSlotsRoute,
  searchPatientsRoute,
} from './routes/clinics';

export const slugParams = clinicSlugParams;

export const clinicView = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  timezone: z.string(),
});
export const clinicsResponse = z.array(clinicView);

/** A bookable agent of a clinic (spec §3 "Nurse / agent"). */
export const agentView = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  timezone: z.string().nullable(),
});
export const agentsResponse = z.array(agentView);
export type AgentView = z.infer<typeof agentView>;

/** Spec §3 "Patient search result"; the server writes the camelCase spellings. */
export const patientView = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  dob: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  source: z.string().nullable(),
  clinic: z.string(),
});
export type PatientView = z.infer<typeof patientView>;
export const patientSearchResponse = z.array(patientView);

export const PATIENT_SEARCH_LIMIT = 20;
export const patientSearchQuery = z.object({
  clinic: clinicRef,
  keyword: safeText(200).pipe(z.string().min(1, 'Enter a name or email to search')),
});

const phoneField = phoneNumberField;

/** Today somewhere on Earth: a birth date may be up to a day ahead of UTC's date. */
const latestBirthDate = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

export const createPatientBody = z.object({
  firstName: safeText(100).pipe(z.string().min(1, 'is required')),
  lastName: safeText(100).pipe(z.string().min(1, 'is required')),
  email: emailField,
  dob: calendarDate('must be a date such as 1980-04-30')
    .refine((d) => d <= latestBirthDate(), 'must not be in the future')
    .optional()
    .nullable(),
  phone: phoneField.optional().nullable(),
  source: safeText(100).optional().nullable(),
});
export type CreatePatientBody = z.infer<typeof createPatientBody>;

/**
 * A patient as another system may send one (FHIR): many records have no e-mail address or no
 * given name. The app's own "Add patient" asks for both (createPatientBody).
 */
export const importedPatientBody = createPatientBody.extend({
  firstName: safeText(100),
  email: emailField.nullable(),
});
export type NewPatient = z.infer<typeof importedPatientBody>;

export const slotsQuery = z.object({
  from: calendarDate(),
  to: calendarDate(),
  /** Absent: the service's first length (30 minutes for the default service). */
  duration: wholeNumber(5, 480).optional(),
  /** The service to book; absent: the clinic's default service. */
  serviceId: uuidParam.optional(),
  agentId: uuidParam.optional(),
  timezone: timezoneField.optional(),
  /** When moving an appointment, its own time is not taken. */
  excludeAppointmentId: uuidParam.optional(),
  /** Only times when this room or equipment (one the service can use) is free (ADR 045). */
  resourceId: uuidParam.optional(),
});
export type SlotsQuery = z.infer<typeof slotsQuery>;

export const timeSlot = z.object({
  slotId: z.string(),
  timestamp: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  agentEmail: z.string(),
  durationMinutes: z.number(),
  /**
   * The room or equipment a booking of this time would get (the first free one the service can
   * use); null when the service needs none. Absent on the spec's own answers' older clients.
   */
  resourceId: z.string().nullable().optional(),
});
export type TimeSlotView = z.infer<typeof timeSlot>;
export const slotsResponse = z.object({
  timezone: z.string(),
  slots: z.array(timeSlot),
  /**
   * Times the provider is free but no room or equipment the service needs is (ADR 045): the
   * picker says so instead of leaving them out unexplained. Absent when the service needs none.
   */
  withoutResource: z.array(z.object({ startTime: z.string(), agentId: z.string() })).optional(),
});
export type SlotsResponse = z.infer<typeof slotsResponse>;

const signedIn = { tag: 'Clinics', access: 'authenticated' } as const;

export const listClinicsEndpoint = defineEndpoint({
  ...signedIn,
  ...listClinicsRoute,
  summary: 'The clinics the signed-in user works at',
  responses: { 200: clinicsResponse },
});

export const listClinicAgentsEndpoint = defineEndpoint({
  ...signedIn,
  ...listClinicAgentsRoute,
  summary: 'The providers and nurses a clinic books appointments with',
  params: slugParams,
  responses: { 200: agentsResponse },
  errors: [404],
});

export const searchPatientsEndpoint = defineEndpoint({
  ...signedIn,
  ...searchPatientsRoute,
  reads: 'replica',
  summary: `Patients of a clinic whose name or email starts with the keyword (at most ${PATIENT_SEARCH_LIMIT})`,
  query: patientSearchQuery,
  responses: { 200: patientSearchResponse },
  errors: [404],
});

export const createPatientEndpoint = defineEndpoint({
  ...signedIn,
  ...createPatientRoute,
  summary: 'Add a patient to a clinic',
  params: slugParams,
  body: createPatientBody,
  responses: { 201: patientView },
  errors: [404, 409],
});

export const listSlotsEndpoint = defineEndpoint({
  ...signedIn,
  ...listSlotsRoute,
  summary: 'Free times of a clinic’s providers and nurses between two dates',
  params: slugParams,
  query: slotsQuery,
  responses: { 200: slotsResponse },
  errors: [404],
});
