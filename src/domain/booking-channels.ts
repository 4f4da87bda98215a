/**
 * The ways a booking comes in, as the reports count them (issue 45, ADR 052): the front desk or
 * any signed-in staff member, the public online booking page, the patient's own link (an accepted
 * waitlist offer), and an integration through the FHIR API. Stored on the row when it is booked.
 */
export const BOOKING_CHANNELS = ['front_desk', 'online', 'self_service', 'fhir'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

/** The `source` the public booking page writes on what it books. */
export const ONLINE_BOOKING_SOURCE = 'online';
