import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { reconnectDelay, SIGNAL_RECONNECT_BACKOFF } from './backoff';

const opts = { baseMs: 500, maxMs: 10_000 };

describe('reconnectDelay', () => {
  it('doubles the cap each attempt until the maximum', () => {
    const highest = (attempt: number) => reconnectDelay(attempt, opts, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6].map(highest)).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it('waits at least half the cap, so a retry is never immediate', () => {
    expect(reconnectDelay(0, opts, () => 0)).toBe(250);
    expect(reconnectDelay(10, opts, () => 0)).toBe(5000);
  });

  it('stays within [cap/2, cap] for any attempt and any random draw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.double({ min: 0, max: 1 }), (a, r) => {
        const cap = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(a, 30));
        const delay = reconnectDelay(a, opts, () => r);
        return delay >= Math.floor(cap / 2) && delay <= cap;
      }),
    );
  });

  it('treats odd inputs calmly: negative attempts as the first, out-of-range randoms clamped', () => {
    expect(reconnectDelay(-3, opts, () => 1)).toBe(500);
    expect(reconnectDelay(0, opts, () => 7)).toBe(500);
    expect(reconnectDelay(Number.POSITIVE_INFINITY, opts, () => 1)).toBe(10_000);
  });

  it('defaults to half a second rising to ten seconds', () => {
    expect(SIGNAL_RECONNECT_BACKOFF).toEqual({ baseMs: 500, maxMs: 10_000 });
    expect(reconnectDelay(0, undefined, () => 1)).toBe(500);
  });
});
