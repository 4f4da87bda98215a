import { createPatientBody } from '@contracts/clinics';
import type { NewPatientField, NewPatientInput } from '../../api/create-patient';

export const PATIENT_FIELD_LABELS: Record<NewPatientField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  dob: 'Date of birth',
  phone: 'Phone',
};

export type PatientFieldErrors = Partial<Record<NewPatientField, string>>;

/** "must be a valid email address" → "Email must be a valid email address". */
export function labelled(field: NewPatientField, problem: string): string {
  return `${PATIENT_FIELD_LABELS[field]} ${problem}`;
}

/**
 * The server's own rules (the shared contract) checked before sending, so mistakes show beside
 * their fields at once. `today` is YYYY-MM-DD: a birth date cannot be after it.
 */
export function validateNewPatient(input: NewPatientInput, today: string): PatientFieldErrors {
  const errors: PatientFieldErrors = {};
  const parsed = createPatientBody.safeParse({
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    dob: input.dob || undefined,
    phone: input.phone?.trim() || undefined,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as NewPatientField;
      if (field in PATIENT_FIELD_LABELS && !errors[field]) {
        errors[field] = labelled(field, issue.message);
      }
    }
  }
  if (input.email.trim() === '') errors.email = labelled('email', 'is required');
  if (!errors.dob && input.dob && input.dob > today) {
    errors.dob = labelled('dob', 'cannot be in the future');
  }
  return errors;
}

/** The first field with a problem, to move focus to. */
export function firstInvalidField(errors: PatientFieldErrors): NewPatientField | undefined {
  return (Object.keys(PATIENT_FIELD_LABELS) as NewPatientField[]).find((field) => errors[field]);
}

/** What was typed in the search seeds the form: an email, or a first and last name. */
export function seedFromKeyword(keyword: string): NewPatientInput {
  const text = keyword.trim();
  if (text.includes('@')) return { firstName: '', lastName: '', email: text, dob: '', phone: '' };
  const [firstName = '', ...rest] = text.split(/\s+/);
  return { firstName, lastName: rest.join(' '), email: '', dob: '', phone: '' };
}
