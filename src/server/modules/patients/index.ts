// The patients module's public entry: the patient records' routes (the page, the profile, edits
// and notes). Looking patients up for booking stays with the clinics module.
export { patientsRoutes } from './patients.routes';
