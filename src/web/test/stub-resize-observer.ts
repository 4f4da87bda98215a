import { vi } from 'vitest';

/**
 * jsdom has no ResizeObserver, which the charts and the calendar's grid reach for. This one never
 * reports a resize: the tests read what is drawn, not how it reflows.
 */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
