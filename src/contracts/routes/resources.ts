// The zod-free part of each resources contract: enough for the web app to call it without
// loading the schemas. The contract in ../resources.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const resourcePaths = {
  list: '/api/clinics/:clinicId/resources',
  one: '/api/clinics/:clinicId/resources/:resourceId',
  archive: '/api/clinics/:clinicId/resources/:resourceId/archive',
  restore: '/api/clinics/:clinicId/resources/:resourceId/restore',
  timeOff: '/api/clinics/:clinicId/resources/:resourceId/time-off',
  oneTimeOff: '/api/clinics/:clinicId/resources/:resourceId/time-off/:timeOffId',
} as const;

export const listResourcesRoute = defineRoute({
  method: 'GET',
  path: resourcePaths.list,
  operationId: 'listResources',
});

export const createResourceRoute = defineRoute({
  method: 'POST',
  path: resourcePaths.list,
  operationId: 'createResource',
});

export const updateResourceRoute = defineRoute({
  method: 'PUT',
  path: resourcePaths.one,
  operationId: 'updateResource',
});

export const archiveResourceRoute = defineRoute({
  method: 'POST',
  path: resourcePaths.archive,
  operationId: 'archiveResource',
});

export const restoreResourceRoute = defineRoute({
  method: 'POST',
  path: resourcePaths.restore,
  operationId: 'restoreResource',
});

export const addResourceTimeOffRoute = defineRoute({
  method: 'POST',
  path: resourcePaths.timeOff,
  operationId: 'addResourceTimeOff',
});

export const removeResourceTimeOffRoute = defineRoute({
  method: 'DELETE',
  path: resourcePaths.oneTimeOff,
  operationId: 'removeResourceTimeOff',
});
