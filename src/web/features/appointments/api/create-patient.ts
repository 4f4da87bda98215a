import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@web/lib/api-client';
import { callEndpoint } from '@web/lib/endpoint-client';
import { toPatientSearchResult, type PatientSearchResult } from './search-patients';
import { createPatientRoute } from '@contracts/routes/clinics';

export interface NewPatientInput {
  firstName: string;
  lastName: string;
  email: string;
  /** YYYY-MM-DD */
  dob?: string | null;
  phone?: string | null;
}

export type NewPatientField = keyof NewPatientInput;

/** 409: the clinic already has a patient with this email; the form offers to use them. */
export class DuplicatePatientError extends Error {
  override readonly name = 'DuplicatePatientError';
  constructor(
    message: string,
    readonly existingPatientId: string | null,
  ) {
    super(message);
  }
}

/** 400: what the server found wrong, per field where it says which. */
export class PatientValidationError extends Error {
  override readonly name = 'PatientValidationError';
  constructor(
    message: string,
    readonly fieldErrors: Partial<Record<NewPatientField, string>>,
  ) {
    super(message);
  }
}

const FIELDS: readonly NewPatientField[] = ['firstName', 'lastName', 'email', 'dob', 'phone'];

/** "email: must be a valid email address; phone: …" → { email: 'must be …', phone: '…' } */
export function parseFieldErrors(details: unknown): Partial<Record<NewPatientField, string>> {
  const errors: Partial<Record<NewPatientField, string>> = {};
  if (typeof details !== 'string') return errors;
  for (const part of details.split(';')) {
    const match = /^\s*(?:body\.)?(\w+):\s*(.+?)\s*$/.exec(part);
    const field = match?.[1] as NewPatientField | undefined;
    if (field && FIELDS.includes(field) && !errors[field]) errors[field] = match![2]!;
  }
  return errors;
}

function bodyField(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : null;
}

export async function createPatient(
  clinicSlug: string,
  input: NewPatientInput,
): Promise<PatientSearchResult> {
  try {
    const created = await callEndpoint(createPatientRoute, {
      params: { slug: clinicSlug },
      body: {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: input.email.trim(),
        dob: input.dob || undefined,
        phone: input.phone?.trim() || undefined,
      },
      fallback: 'Failed to add patient',
    });
    return toPatientSearchResult(created);
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 409) {
      // The message names the patient; the details carry the id ("Existing patient id: …").
      const message = bodyField(error.body, 'message');
      const details = bodyField(error.body, 'details');
      const id = typeof details === 'string' ? /id:\s*(\S+)/.exec(details)?.[1] : undefined;
      throw new DuplicatePatientError(
        typeof message === 'string' ? message : error.message,
        id ?? null,
      );
    }
    if (error.status === 400) {
      throw new PatientValidationError(
        error.message,
        parseFieldErrors(bodyField(error.body, 'details')),
      );
    }
    throw error;
  }
}

export function useCreatePatient(clinicSlug: string) {
  return useMutation({ mutationFn: (input: NewPatientInput) => createPatient(clinicSlug, input) });
}
