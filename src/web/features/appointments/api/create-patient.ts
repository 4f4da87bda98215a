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

/** The server's `fields` ([{ field: 'email', message: '…' }]) → { email: '…' }, first per field. */
export function parseFieldErrors(fields: unknown): Partial<Record<NewPatientField, string>> {
  const errors: Partial<Record<NewPatientField, string>> = {};
  if (!Array.isArray(fields)) return errors;
  for (const issue of fields as unknown[]) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { field, message } = issue as { field?: unknown; message?: unknown };
    const name = (typeof field === 'string' ? field : '') as NewPatientField;
    if (FIELDS.includes(name) && typeof message === 'string' && !errors[name]) {
      errors[name] = message;
    }
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
      // The message names the patient; existingPatientId is the one to pick instead.
      const message = bodyField(error.body, 'message');
      const id = bodyField(error.body, 'existingPatientId');
      throw new DuplicatePatientError(
        typeof message === 'string' ? message : error.message,
        typeof id === 'string' ? id : null,
      );
    }
    if (error.status === 400) {
      throw new PatientValidationError(
        error.message,
        parseFieldErrors(bodyField(error.body, 'fields')),
      );
    }
    throw error;
  }
}

export function useCreatePatient(clinicSlug: string) {
  return useMutation({ mutationFn: (input: NewPatientInput) => createPatient(clinicSlug, input) });
}
