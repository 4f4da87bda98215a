// Business constants of spec §9, declared once so the server, the web app and the tests cannot
// drift apart. The interface's own numbers (toasts, breakpoints, cache times) live in
// src/web/lib/ui-constants.ts.

export const DEFAULT_DURATION_MINUTES = 30;
export const DEFAULT_TIMEZONE = 'UTC';
export const DEFAULT_BUSINESS_HOURS = { start: '09:00', end: '17:00' } as const;
export const DEFAULT_PAGE_SIZE = 20;

export const APPOINTMENT_METADATA_TYPE = 'custom';

/** How long before the start a session link lets people in. */
export const JOIN_OPENS_MINUTES_BEFORE = 10;

/**
 * The longest first or last name the public booking page takes (ADR 031): a stranger's
 * text is kept short. Patients' records take 100; a name longer than this can still be booked by
 * phone.
 */
export const ONLINE_BOOKING_NAME_MAX = 50;
