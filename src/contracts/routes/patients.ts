// The zod-free part of each patient-records contract: enough for the web app to call it without
// loading the schemas. The contract in ../patients.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const patientPaths = {
  list: '/api/patients',
  export: '/api/patients/export',
  one: '/api/patients/:id',
  notes: '/api/patients/:id/notes',
  erase: '/api/patients/:id/erase',
} as const;

export const listPatientsRoute = defineRoute({
  method: 'GET',
  path: patientPaths.list,
  operationId: 'listPatients',
});

export const getPatientRoute = defineRoute({
  method: 'GET',
  path: patientPaths.one,
  operationId: 'getPatient',
});

export const updatePatientRoute = defineRoute({
  method: 'PATCH',
  path: patientPaths.one,
  operationId: 'updatePatient',
});

export const addPatientNoteRoute = defineRoute({
  method: 'POST',
  path: patientPaths.notes,
  operationId: 'addPatientNote',
});

export const exportPatientsRoute = defineRoute({
  method: 'GET',
  path: patientPaths.export,
  operationId: 'exportPatients',
});

export const erasePatientRoute = defineRoute({
  method: 'POST',
  path: patientPaths.erase,
  operationId: 'erasePatient',
});
