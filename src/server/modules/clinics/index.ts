// The clinics module's public entry: its routes, and the clinic membership, patients and
// bookable agents that booking needs.
export { clinicsRoutes } from './clinics.routes';
export { requireMemberClinic } from './clinic-scope';
export { findBookableAgent, findClinicPatient } from './clinics.service';
