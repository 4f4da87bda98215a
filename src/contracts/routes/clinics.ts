// The zod-free part of each clinics contract: enough for the web app to call it without
// loading the schemas. The contract in ../clinics.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const clinicPaths = {
  list: '/api/clinics',
  nurses: '/api/clinics/:slug/nurses',
  patientSearch: '/api/clinics/patient',
  patients: '/api/clinics/:slug/patients',
  slots: '/api/clinics/:slug/slots',
} as const;

export const listClinicsRoute = defineRoute({
  method: 'GET',
  path: clinicPaths.list,
  operationId: 'listClinics',
});

export const listClinicAgentsRoute = defineRoute({
  method: 'GET',
  path: clinicPaths.nurses,
  operationId: 'listClinicAgents',
});

export const searchPatientsRoute = defineRoute({
  method: 'GET',
  path: clinicPaths.patientSearch,
  operationId: 'searchPatients',
});

export const createPatientRoute = defineRoute({
  method: 'POST',
  path: clinicPaths.patients,
  operationId: 'createPatient',
});

export const listSlotsRoute = defineRoute({
  method: 'GET',
  path: clinicPaths.slots,
  operationId: 'listSlots',
});
