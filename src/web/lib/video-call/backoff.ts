export interface BackoffOptions {
  /** The first retry waits about this long. */
  baseMs: number;
  /** No wait is ever longer than this. */
  maxMs: number;
}

export const SIGNAL_RECONNECT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 10_000 };

/**
 * How long to wait before reconnect attempt number `attempt` (0 for the first retry): the cap
 * doubles each time up to `maxMs`, and the wait is a random point in its upper half. The jitter
 * keeps the two sides of a call (and every patient of a restarted server) from retrying in step;
 * the lower bound keeps a flapping network from being hammered.
 */
export function reconnectDelay(
  attempt: number,
  options: BackoffOptions = SIGNAL_RECONNECT_BACKOFF,
  random: () => number = Math.random,
): number {
  const steps = Math.max(0, Math.floor(attempt));
  // 2 ** 30 is already past any sensible cap; stopping there keeps the number finite.
  const cap = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(steps, 30));
  const raw = random();
  // Clamped, and NaN counts as 0: a broken random source must not make the wait NaN.
  const r = raw > 1 ? 1 : raw >= 0 ? raw : 0;
  return Math.round(cap / 2 + (cap / 2) * r);
}
