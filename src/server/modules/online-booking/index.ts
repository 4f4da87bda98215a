// The online booking module's public entry (issue 26, ADR 022): the public booking API.
export { onlineBookingRoutes } from './online-booking.routes';
