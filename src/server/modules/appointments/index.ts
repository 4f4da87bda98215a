// The appointments module's public entry: its routes, the list's counts for the dashboard, and
// for the FHIR API the appointments as records and the same changes the app makes.
export { appointmentsRoutes } from './appointments.routes';
export { queueChangeWebhooks } from './appointment-webhooks';
export { countInScope } from './appointment-queries';
export {
  countAppointmentRecords,
  readAppointmentRecord,
  searchAppointmentRecords,
  type AppointmentRecord,
  type AppointmentSearch,
} from './appointment-records';
export { cancelAppointment } from './cancel-appointment';
export { changeAppointment } from './change-appointment';
export { CHANGED_MEANWHILE, type ChangeGuard } from './appointment-writes';
export { correctStatus } from './correct-status';
export { createAppointment } from './create-appointment';
export { editNotes } from './edit-notes';
export { markAppointment } from './mark-appointment';
export { moveAppointmentsToPatient } from './move-to-patient';
export { bookInTransaction, type BookingRequest, type BookInTransaction } from './booking-core';
export {
  planResources,
  writeWithResource,
  type ResourcePlan,
  type ResourceVisit,
} from './resource-assignment';
