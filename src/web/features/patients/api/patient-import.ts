import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ImportMappingBody,
  ListPatientImportRowsQuery,
  PatientImport,
  PatientImportUpload,
} from '@contracts/patient-import';
import {
  applyPatientImportRoute,
  checkPatientImportRoute,
  getPatientImportRoute,
  listPatientImportRowsRoute,
  uploadPatientImportRoute,
} from '@contracts/routes/patient-import';
import { apiFetch } from '@web/lib/api-client';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery } from '@web/lib/endpoint-queries';
import { patientImportKeys, patientKeys } from '@web/queries/query-keys';

/** How often a running import is asked how far it got. */
const PROGRESS_POLL_MS = 1000;

/** Sends the file itself (text/csv), not JSON: the server reads its bytes and their encoding. */
export function useUploadPatientImport() {
  return useMutation({
    mutationFn: ({ file, clinic }: { file: File; clinic?: string }) =>
      apiFetch<PatientImportUpload>(uploadPatientImportRoute.path, {
        method: 'POST',
        query: { fileName: file.name || 'patients.csv', clinic },
        body: file,
        headers: { 'Content-Type': 'text/csv' },
        fallback: 'Failed to upload the file',
      }),
  });
}

export function useCheckPatientImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: ImportMappingBody) =>
      callEndpoint(checkPatientImportRoute, {
        params: { id },
        body: { mapping },
        fallback: 'Failed to check the file',
      }),
    onSuccess: (data: PatientImport) => {
      queryClient.setQueryData(patientImportKeys.one(id), data);
      return queryClient.invalidateQueries({ queryKey: [...patientImportKeys.one(id), 'rows'] });
    },
  });
}

export function useApplyPatientImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(applyPatientImportRoute, {
        params: { id },
        fallback: 'Failed to start the import',
      }),
    onSuccess: (data: PatientImport) => queryClient.setQueryData(patientImportKeys.one(id), data),
  });
}

/** The import's status; asked again every second while it is being applied. */
export function usePatientImport(id: string) {
  return useQuery({
    ...endpointQuery(patientImportKeys.one(id), getPatientImportRoute, {
      params: { id },
      fallback: 'Failed to load the import',
    }),
    refetchInterval: (query) =>
      query.state.data?.status === 'applying' ? PROGRESS_POLL_MS : false,
  });
}

export function usePatientImportRows(
  id: string,
  query: ListPatientImportRowsQuery,
  enabled: boolean,
) {
  return useQuery({
    ...endpointQuery(patientImportKeys.rows(id, query), listPatientImportRowsRoute, {
      params: { id },
      query,
      fallback: 'Failed to load the rows',
    }),
    enabled,
  });
}

/** The patients list, once an import added or changed some. */
export function useRefreshPatientLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...patientKeys.all, 'list'] });
}
