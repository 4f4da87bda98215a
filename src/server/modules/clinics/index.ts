// The clinics module's public entry: its routes; the clinic membership, patients and bookable
// agents that booking needs; and for the FHIR API the agents, slots and patients of a clinic.
export { clinicsRoutes } from './clinics.routes';
export { requireMemberClinic } from './clinic-scope';
export {
  clinicSlots,
  createPatient,
  findBookableAgent,
  findClinicPatient,
  findOnlineBookingClinic,
  listClinicAgents,
  matchOnlinePatient,
} from './clinics.service';
export type { BookingsWindow } from './clinics.repository';
export {
  countPatientRecords,
  lookUpPatients,
  type PatientCriteria,
  type PatientRecord,
} from './patient-lookup';
