// Business constants of spec §9 and the interface numbers of spec §2, declared once so the
// server, the web app and the tests cannot drift apart.

import { MINUTE_MS } from './zoned-time';

export const DEFAULT_DURATION_MINUTES = 30;
export const DEFAULT_TIMEZONE = 'UTC';
export const DEFAULT_BUSINESS_HOURS = { start: '09:00', end: '17:00' } as const;
export const DEFAULT_PAGE_SIZE = 20;

export const APPOINTMENT_METADATA_TYPE = 'custom';

/** How long before the start a session link lets people in. */
export const JOIN_OPENS_MINUTES_BEFORE = 10;

export const COPIED_INDICATOR_MS = 2000;

/** Sonner's props by name, so the Toaster can spread them. */
export const TOAST = {
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  width: 356,
  position: 'bottom-right',
} as const;

export const MOBILE_BREAKPOINT_PX = 768;

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;
export const SIDEBAR_COOKIE_PATH = '/';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';

/**
 * Spec §9 "Freshness of loaded data", in TanStack Query's terms: fresh = staleTime,
 * kept = gcTime.
 */
export const FRESHNESS = {
  lists: { staleTimeMs: 5 * MINUTE_MS, gcTimeMs: 10 * MINUTE_MS },
  detail: { staleTimeMs: 2 * MINUTE_MS, gcTimeMs: 10 * MINUTE_MS },
  counts: { staleTimeMs: 2 * MINUTE_MS, gcTimeMs: 5 * MINUTE_MS },
} as const;
