import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { fieldIssue, type FieldIssue } from '@contracts/errors';
import type {
  ExportPatientsQuery,
  ListPatientsQuery,
  UpdatePatientBody,
} from '@contracts/patients';
import {
  addPatientNoteRoute,
  erasePatientRoute,
  exportPatientsRoute,
  getPatientRoute,
  listPatientsRoute,
  updatePatientRoute,
} from '@contracts/routes/patients';
import { apiDownload, isApiError, saveFile } from '@web/lib/api-client';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { patientKeys } from '@web/queries/query-keys';

export function patientListQueryOptions(query: ListPatientsQuery) {
  return endpointQuery(
    patientKeys.list(query),
    listPatientsRoute,
    { query, fallback: 'Failed to load patients' },
    // The page keeps showing the last results while the next search or page loads.
    { placeholderData: keepPreviousData },
  );
}

/** Fetches the CSV (through the step-up where one is due) and hands it to the browser to save. */
export function useDownloadPatients() {
  return useMutation({
    mutationFn: async (query: ExportPatientsQuery) => {
      const { blob, fileName } = await apiDownload(patientsExportHref(query), {
        fallback: 'Could not download the patients. Try again.',
      });
      saveFile(blob, fileName ?? 'patients.csv');
    },
  });
}

/** The address of the CSV of every patient the same search finds. */
export function patientsExportHref(query: ExportPatientsQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.clinic) params.set('clinic', query.clinic);
  if (query.archived) params.set('archived', 'true');
  const search = params.toString();
  return search ? `${exportPatientsRoute.path}?${search}` : exportPatientsRoute.path;
}

export function patientProfileQueryOptions(id: string) {
  return endpointQuery(patientKeys.profile(id), getPatientRoute, {
    params: { id },
    fallback: 'Failed to load the patient',
  });
}

/** The fields the server refused, each with its sentence (400, or 409 for a taken value). */
export function refusedFields(error: unknown): FieldIssue[] {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return [];
  const fields = (error.body as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((issue) => {
    const parsed = fieldIssue.safeParse(issue);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A 409 that names no field: someone else saved the record since it was read. */
export function isChangedMeanwhile(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && refusedFields(error).length === 0;
}

// An edit or a note changes the profile and may change how the list shows the patient; the
// write waits for both to be fetched again, so the dialog closes on the record as now saved.
const PATIENT_DATA = [patientKeys.all];

export function useUpdatePatient(id: string) {
  return useWriteThenRefresh(
    (body: UpdatePatientBody) =>
      callEndpoint(updatePatientRoute, {
        params: { id },
        body,
        fallback: 'Failed to save the patient’s details',
      }),
    PATIENT_DATA,
  );
}

export function useAddPatientNote(id: string) {
  return useWriteThenRefresh(
    (text: string) =>
      callEndpoint(addPatientNoteRoute, {
        params: { id },
        body: { text },
        fallback: 'Failed to add the note',
      }),
    PATIENT_DATA,
  );
}

export function useErasePatient(id: string) {
  return useWriteThenRefresh(
    (body: { version: number; reason: string }) =>
      callEndpoint(erasePatientRoute, {
        params: { id },
        body,
        fallback: 'Failed to erase the patient’s data',
      }),
    PATIENT_DATA,
  );
}
