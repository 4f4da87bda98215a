// The FHIR module's public entry: the FHIR R4 API's routes, registered by the app (ADR 015).
export { fhirRoutes } from './fhir.routes';
