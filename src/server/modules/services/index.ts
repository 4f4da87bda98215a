// The services module's public entry: what every booking path asks of a service (ADR 044).
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
