// The FHIR module's public entry: the FHIR R4 API's routes, registered by the app (ADR 015).
export { fhirRoutes } from './fhir.routes';
// What SMART Backend Services (modules/smart, ADR 059) needs to know of the API it guards.
export { FHIR_PATH } from './bundle';
export { FHIR_RESOURCE_TYPES, isFhirResourceType } from './fhir-resources';
export { createBulkExportWorker, type BulkExportWorker } from './bulk-export-worker';
