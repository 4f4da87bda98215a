// The waitlist module's public entry (ADR 019): its routes, the sweep that lapses
// offers, and the hooks through which the appointments and availability modules report freed time.
export { waitlistRoutes } from './waitlist.routes';
export { offerExtraHours, offerFreedTime } from './freed-time-hooks';
export { bookedForWaitlist } from './booking-hook';
export { createWaitlistSweep, expireDueOffers } from './offer-expiry';
export { OFFER_KIND } from './offers';
export type { BookOffer } from './offer-answers';
