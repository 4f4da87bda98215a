// The services module's public entry (issue 42, ADR 044): the routes clinics manage their
// services by, and what every booking path asks of a service.
export { servicesRoutes } from './services.routes';
export {
  ARCHIVED_SERVICE,
  bufferSettingsOf,
  listBookingServices,
  requireBookingService,
  requireServiceLength,
  serviceOfAppointment,
  UNKNOWN_SERVICE,
  type BookingService,
} from './booking-service';
