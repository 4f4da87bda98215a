// The zod-free part of each online-booking contract: enough for the web app to call it without
// loading the schemas. The contract in ../online-booking.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const onlineBookingPaths = {
  clinic: '/api/public/clinics/:slug',
  slots: '/api/public/clinics/:slug/slots',
  nextFreeDay: '/api/public/clinics/:slug/next-free-day',
  holds: '/api/public/clinics/:slug/holds',
  confirm: '/api/public/holds/:token/confirm',
} as const;

export const getPublicClinicRoute = defineRoute({
  method: 'GET',
  path: onlineBookingPaths.clinic,
  operationId: 'getPublicClinic',
});

export const getPublicSlotsRoute = defineRoute({
  method: 'GET',
  path: onlineBookingPaths.slots,
  operationId: 'getPublicSlots',
});

export const getNextFreeDayRoute = defineRoute({
  method: 'GET',
  path: onlineBookingPaths.nextFreeDay,
  operationId: 'getNextFreeDay',
});

export const createHoldRoute = defineRoute({
  method: 'POST',
  path: onlineBookingPaths.holds,
  operationId: 'createHold',
});

export const confirmHoldRoute = defineRoute({
  method: 'POST',
  path: onlineBookingPaths.confirm,
  operationId: 'confirmHold',
});
