// The online booking module's public entry (ADR 022): the public booking API.
export { onlineBookingRoutes } from './online-booking.routes';
export { createHoldPurge, UNCONFIRMED_HOLD_RETENTION_MS, type HoldPurge } from './hold-purge';
