// The zod-free part of the patient-import contracts (ADR 043): enough for the web app to call
// them. The contracts in ../patient-import.ts spread these, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const patientImportPaths = {
  upload: '/api/patients/imports',
  one: '/api/patients/imports/:id',
  check: '/api/patients/imports/:id/check',
  rows: '/api/patients/imports/:id/rows',
  apply: '/api/patients/imports/:id/apply',
} as const;

export const uploadPatientImportRoute = defineRoute({
  method: 'POST',
  path: patientImportPaths.upload,
  operationId: 'uploadPatientImport',
});

export const getPatientImportRoute = defineRoute({
  method: 'GET',
  path: patientImportPaths.one,
  operationId: 'getPatientImport',
});

export const checkPatientImportRoute = defineRoute({
  method: 'POST',
  path: patientImportPaths.check,
  operationId: 'checkPatientImport',
});

export const listPatientImportRowsRoute = defineRoute({
  method: 'GET',
  path: patientImportPaths.rows,
  operationId: 'listPatientImportRows',
});

export const applyPatientImportRoute = defineRoute({
  method: 'POST',
  path: patientImportPaths.apply,
  operationId: 'applyPatientImport',
});
