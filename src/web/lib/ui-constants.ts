// The interface numbers of spec §2 and §9: how the web app looks and behaves, not business
// rules. The server never needs them, so they live here rather than in src/domain.

import { MINUTE_MS } from '@domain/zoned-time';

export const COPIED_INDICATOR_MS = 2000;

/** Sonner's props by name, so the Toaster can spread them. */
export const TOAST = {
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  width: 356,
  position: 'bottom-right',
} as const;

/**
 * The height of a bar stuck to the bottom of the page (the availability Save bar), set on the
 * root element while one is shown: toasts stand that much higher, above it instead of over it.
 */
export const BOTTOM_BAR_HEIGHT_VAR = '--bottom-bar-height';

/**
 * Marks the toast outlet, so an open dialog can let pointer and focus reach it (dialog.tsx). Here
 * rather than beside the toaster: dialogs need the name, not sonner.
 */
export const TOASTER_SLOT = 'toaster';

export const MOBILE_BREAKPOINT_PX = 768;

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;
export const SIDEBAR_COOKIE_PATH = '/';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

/**
 * Spec §9 "Freshness of loaded data", in TanStack Query's terms: fresh = staleTime,
 * kept = gcTime.
 */
export const FRESHNESS = {
  lists: { staleTimeMs: 5 * MINUTE_MS, gcTimeMs: 10 * MINUTE_MS },
  detail: { staleTimeMs: 2 * MINUTE_MS, gcTimeMs: 10 * MINUTE_MS },
  counts: { staleTimeMs: 2 * MINUTE_MS, gcTimeMs: 5 * MINUTE_MS },
} as const;
