// The zod-free part of the duplicates and merge contracts (../patient-merge.ts spreads each).
import { defineRoute } from '../endpoint';

export const patientMergePaths = {
  duplicates: '/api/patients/duplicates',
  duplicatesOf: '/api/patients/:id/duplicates',
  merge: '/api/patients/:id/merge',
  dismiss: '/api/patients/:id/duplicates/dismiss',
} as const;

export const listDuplicatePatientsRoute = defineRoute({
  method: 'GET',
  path: patientMergePaths.duplicates,
  operationId: 'listDuplicatePatients',
});

export const getPatientDuplicatesRoute = defineRoute({
  method: 'GET',
  path: patientMergePaths.duplicatesOf,
  operationId: 'getPatientDuplicates',
});

export const mergePatientsRoute = defineRoute({
  method: 'POST',
  path: patientMergePaths.merge,
  operationId: 'mergePatients',
});

export const dismissDuplicateRoute = defineRoute({
  method: 'POST',
  path: patientMergePaths.dismiss,
  operationId: 'dismissDuplicate',
});
