// The patients module's public entry: the patient records' routes (the page, the profile, edits
// and notes), and the edit itself for the FHIR API. Looking patients up for booking stays with
// the clinics module.
export { patientsRoutes } from './patients.routes';
export { updatePatient } from './update-patient';
export { requirePatientEditor } from './patient-editors';
