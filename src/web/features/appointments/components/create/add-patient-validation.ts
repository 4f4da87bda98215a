import { z } from 'zod';
import { createPatientBody } from '@contracts/clinics';
import { blankAsAbsent, labelled, worded } from '@web/lib/form-schema';
import type { NewPatientField } from '../../api/create-patient';

export const PATIENT_FIELD_LABELS: Record<NewPatientField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  dob: 'Date of birth',
  phone: 'Phone',
};

/** The add-patient form as typed: every field a string, blank when not given. */
export type NewPatientFormValues = Record<NewPatientField, string>;

const { shape } = createPatientBody;

/**
 * "must be a valid email address" → "Email must be a valid email address": the contract's words
 * after the field's label, for the form's own checks and for the problems the server reports.
 */
export const patientProblem = (field: NewPatientField) => labelled(PATIENT_FIELD_LABELS[field]);

/**
 * The server's own rules (the shared contract) checked before sending, so mistakes show beside
 * their fields at once. `today` is YYYY-MM-DD in the viewer's zone: a birth date cannot be after
 * it (the server allows for every zone on Earth, a day more).
 */
export function newPatientFormSchema(today: string) {
  return z.object({
    firstName: worded(shape.firstName, patientProblem('firstName')),
    lastName: worded(shape.lastName, patientProblem('lastName')),
    email: z
      .string()
      .trim()
      .min(1, `${PATIENT_FIELD_LABELS.email} is required`)
      .pipe(worded(shape.email, patientProblem('email'))),
    dob: blankAsAbsent(worded(shape.dob, patientProblem('dob'))).refine(
      (dob) => !dob || dob <= today,
      `${PATIENT_FIELD_LABELS.dob} cannot be in the future`,
    ),
    phone: blankAsAbsent(worded(shape.phone, patientProblem('phone'))),
  });
}

/** What was typed in the search seeds the form: an email, or a first and last name. */
export function seedFromKeyword(keyword: string): NewPatientFormValues {
  const text = keyword.trim();
  if (text.includes('@')) return { firstName: '', lastName: '', email: text, dob: '', phone: '' };
  const [firstName = '', ...rest] = text.split(/\s+/);
  return { firstName, lastName: rest.join(' '), email: '', dob: '', phone: '' };
}
