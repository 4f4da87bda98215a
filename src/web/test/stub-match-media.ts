import { vi } from 'vitest';

/**
 * jsdom has no matchMedia. This stands in for the browser's, with the viewport width as the only
 * input, so tests can be "on a phone" or "on a desktop".
 */
export function stubViewportWidth(widthPx: number): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      const min = /min-width:\s*(\d+)px/.exec(query);
      // Width queries answer from widthPx; anything else (colour scheme, motion) does not match.
      const matches =
        (max !== null || min !== null) &&
        (max ? widthPx <= Number(max[1]) : true) &&
        (min ? widthPx >= Number(min[1]) : true);
      return {
        matches,
        media: query,
        onchange: null,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        addListener: vi.fn(),
        removeListener: vi.fn(),
        dispatchEvent: vi.fn(() => false),
      };
    }),
  );
}
