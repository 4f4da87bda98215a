import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@web/lib/ui-constants';

// "Under 768px" (spec §2): 767px and below is mobile, matching Tailwind's `md` at 48rem.
const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function getSnapshot(): boolean {
  return window.matchMedia(query).matches;
}

/** True below the small-screen breakpoint; read synchronously so the first paint is right. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
