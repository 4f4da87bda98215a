// The zod-free part of each waitlist contract: enough for the web app to call it without
// loading the schemas. The contract in ../waitlist.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const waitlistPaths = {
  list: '/api/waitlist',
  summary: '/api/waitlist/summary',
  one: '/api/waitlist/:id',
  appointmentOffers: '/api/waitlist/appointments/:id/offers',
  offer: '/api/offers/:token',
  accept: '/api/offers/:token/accept',
  decline: '/api/offers/:token/decline',
} as const;

export const listWaitlistRoute = defineRoute({
  method: 'GET',
  path: waitlistPaths.list,
  operationId: 'listWaitlist',
});

export const createWaitlistEntryRoute = defineRoute({
  method: 'POST',
  path: waitlistPaths.list,
  operationId: 'createWaitlistEntry',
});

export const getWaitlistEntryRoute = defineRoute({
  method: 'GET',
  path: waitlistPaths.one,
  operationId: 'getWaitlistEntry',
});

export const updateWaitlistEntryRoute = defineRoute({
  method: 'PUT',
  path: waitlistPaths.one,
  operationId: 'updateWaitlistEntry',
});

export const removeWaitlistEntryRoute = defineRoute({
  method: 'DELETE',
  path: waitlistPaths.one,
  operationId: 'removeWaitlistEntry',
});

export const appointmentOffersRoute = defineRoute({
  method: 'GET',
  path: waitlistPaths.appointmentOffers,
  operationId: 'listAppointmentOffers',
});

export const getOfferRoute = defineRoute({
  method: 'GET',
  path: waitlistPaths.offer,
  operationId: 'getOffer',
});

export const acceptOfferRoute = defineRoute({
  method: 'POST',
  path: waitlistPaths.accept,
  operationId: 'acceptOffer',
});

export const declineOfferRoute = defineRoute({
  method: 'POST',
  path: waitlistPaths.decline,
  operationId: 'declineOffer',
});

export const waitlistSummaryRoute = defineRoute({
  method: 'GET',
  path: waitlistPaths.summary,
  operationId: 'getWaitlistSummary',
});
