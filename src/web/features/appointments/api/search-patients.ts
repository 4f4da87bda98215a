import { buildQueryString } from '@web/lib/api-client';
import { searchPatientsRoute } from '@contracts/routes/clinics';

/** A patient as the wizard uses it, whichever spelling the server answered with. */
export interface PatientSearchResult {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  dob: string | null;
  phone: string | null;
}

/** Spec §3: both spellings of the name and phone fields occur, and either is accepted. */
export interface RawPatient {
  _id: string;
  firstName?: string | null;
  first_name?: string | null;
  lastName?: string | null;
  last_name?: string | null;
  email?: string | null;
  dob?: string | null;
  phoneNumber?: string | null;
  phone_number?: string | null;
}

export function toPatientSearchResult(raw: RawPatient): PatientSearchResult {
  const firstName = raw.firstName ?? raw.first_name ?? '';
  const lastName = raw.lastName ?? raw.last_name ?? '';
  return {
    id: raw._id,
    firstName,
    lastName,
    fullName: [firstName, lastName].filter(Boolean).join(' '),
    email: raw.email ?? '',
    dob: raw.dob || null,
    phone: raw.phoneNumber || raw.phone_number || null,
  };
}

export interface PatientSearchRequest {
  clinic: string;
  keyword: string;
}

/**
 * GET /api/clinics/patient (its contract's path and method). Plain fetch rather than
 * callEndpoint on purpose: spec §8 names this call's error text ("Failed to search patients:
 * {status} {statusText}") and it is not the server's message.
 */
export async function searchPatients(
  { clinic, keyword }: PatientSearchRequest,
  signal?: AbortSignal,
): Promise<PatientSearchResult[]> {
  const trimmed = keyword.trim();
  // Spec §5: no search without a keyword and a clinic.
  if (trimmed === '' || clinic === '') return [];
  const query = buildQueryString({ clinic, keyword: trimmed });
  const response = await fetch(`${searchPatientsRoute.path}${query}`, {
    method: searchPatientsRoute.method,
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) {
    throw new Error(`Failed to search patients: ${response.status} ${response.statusText}`);
  }
  const body = (await response.json()) as RawPatient[];
  return body.map(toPatientSearchResult);
}
