// The zod-free part of each services contract: enough for the web app to call it without
// loading the schemas. The contract in ../services.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const servicePaths = {
  list: '/api/clinics/:clinicId/services',
  one: '/api/clinics/:clinicId/services/:serviceId',
  archive: '/api/clinics/:clinicId/services/:serviceId/archive',
  restore: '/api/clinics/:clinicId/services/:serviceId/restore',
} as const;

export const listServicesRoute = defineRoute({
  method: 'GET',
  path: servicePaths.list,
  operationId: 'listServices',
});

export const createServiceRoute = defineRoute({
  method: 'POST',
  path: servicePaths.list,
  operationId: 'createService',
});

export const updateServiceRoute = defineRoute({
  method: 'PUT',
  path: servicePaths.one,
  operationId: 'updateService',
});

export const archiveServiceRoute = defineRoute({
  method: 'POST',
  path: servicePaths.archive,
  operationId: 'archiveService',
});

export const restoreServiceRoute = defineRoute({
  method: 'POST',
  path: servicePaths.restore,
  operationId: 'restoreService',
});
