import { useLayoutEffect, type RefObject } from 'react';
import { BOTTOM_BAR_HEIGHT_VAR } from '@web/lib/ui-constants';

/**
 * Tells the page how tall the bar stuck to its bottom is, for as long as it is shown, so that
 * toasts stand above it (sonner.tsx). Kept up to date as the bar grows (an error line in it).
 */
export function useBottomBarHeight(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const measure = () =>
      root.style.setProperty(BOTTOM_BAR_HEIGHT_VAR, `${bar.getBoundingClientRect().height}px`);
    measure();
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(bar);
    return () => {
      resized?.disconnect();
      root.style.removeProperty(BOTTOM_BAR_HEIGHT_VAR);
    };
  }, [ref]);
}
