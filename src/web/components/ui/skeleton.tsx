import { classed } from './classed';

// Purely visual: the surrounding region announces loading (aria-busy), not each bar.
export const Skeleton = classed('div', 'skeleton', 'animate-pulse rounded-md bg-muted', {
  'aria-hidden': 'true',
});
