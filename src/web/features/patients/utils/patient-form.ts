import { z } from 'zod';
import { updatePatientBody, type PatientRecord, type UpdatePatientBody } from '@contracts/patients';
import type { ContactChannel } from '@domain/patients';
import { labelled, worded } from '@web/lib/form-schema';
import { FIELD_LABELS, type PatientField } from './patient-labels';

/** The edit form as typed: text fields as strings (blank for none), the opt-out a box. */
export type PatientFormValues = {
  [K in Exclude<PatientField, 'remindersOptOut' | 'contactChannel'>]: string;
} & { contactChannel: ContactChannel; remindersOptOut: boolean };

export function patientFormFrom(patient: PatientRecord): PatientFormValues {
  return {
    firstName: patient.firstName,
    lastName: patient.lastName,
    preferredName: patient.preferredName ?? '',
    dob: patient.dob ?? '',
    gender: patient.gender ?? '',
    email: patient.email ?? '',
    phone: patient.phone ?? '',
    addressLine: patient.addressLine ?? '',
    city: patient.city ?? '',
    region: patient.region ?? '',
    postalCode: patient.postalCode ?? '',
    country: patient.country ?? '',
    recordNumber: patient.recordNumber ?? '',
    preferredLanguage: patient.preferredLanguage ?? '',
    contactChannel: patient.contactChannel,
    remindersOptOut: patient.remindersOptOut,
  };
}

const { shape } = updatePatientBody;

/** The contract's rule for a field, its message after the field's label. */
const rule = <Rule extends z.ZodType>(field: PatientField, contract: Rule) =>
  worded(contract, labelled(FIELD_LABELS[field]));

/** A field that may be emptied: blank is sent as null, "nothing on record". */
const clearable = <Rule extends z.ZodType>(field: PatientField, contract: Rule) =>
  z.preprocess((value: string) => (value.trim() === '' ? null : value), rule(field, contract));

/** A field the record must keep: blank is refused here, in the form's words. */
const required = <Rule extends z.ZodType<unknown, string>>(field: PatientField, contract: Rule) =>
  z
    .string()
    .refine((value) => value.trim() !== '', `${FIELD_LABELS[field]} is required`)
    .pipe(rule(field, contract));

/**
 * The contract's own rules (updatePatientBody), so the form refuses what the server would, in
 * the same words; the output is ready to send.
 */
export const patientFormSchema = z.object({
  firstName: required('firstName', shape.firstName.unwrap()),
  lastName: required('lastName', shape.lastName.unwrap()),
  preferredName: clearable('preferredName', shape.preferredName),
  dob: clearable('dob', shape.dob),
  gender: clearable('gender', shape.gender),
  email: clearable('email', shape.email),
  phone: clearable('phone', shape.phone),
  addressLine: clearable('addressLine', shape.addressLine),
  city: clearable('city', shape.city),
  region: clearable('region', shape.region),
  postalCode: clearable('postalCode', shape.postalCode),
  country: clearable('country', shape.country),
  recordNumber: clearable('recordNumber', shape.recordNumber),
  preferredLanguage: clearable('preferredLanguage', shape.preferredLanguage),
  contactChannel: rule('contactChannel', shape.contactChannel.unwrap()),
  remindersOptOut: rule('remindersOptOut', shape.remindersOptOut.unwrap()),
});
export type PatientFormOutput = z.output<typeof patientFormSchema>;

/**
 * Only the fields the person changed, with the version they read: a field left alone is not
 * sent, so it cannot overwrite what someone else saved meanwhile.
 */
export function toUpdateBody(
  values: PatientFormOutput,
  dirty: Partial<Record<PatientField, unknown>>,
  version: number,
): UpdatePatientBody {
  const body: UpdatePatientBody = { version };
  for (const field of Object.keys(dirty) as PatientField[]) {
    if (dirty[field]) Object.assign(body, { [field]: values[field] });
  }
  return body;
}

export const isPatientField = (field: string): field is PatientField => field in FIELD_LABELS;
