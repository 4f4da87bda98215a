import { useEffect, useMemo, useState } from 'react';

export interface UseNowOptions {
  /** How often the time moves on; 30 s keeps "in 5 minutes" and allowed actions current. */
  intervalMs?: number;
  /** Added to this device's clock, e.g. the server's clock minus ours, for a phone set wrong. */
  offsetMs?: number;
}

/**
 * The current time, renewed every `intervalMs`: what the screen says about a time ("in 5
 * minutes", the join window, which actions an appointment allows) turns on it passing, so an
 * open page must notice without a reload. The same Date is returned until the next tick.
 */
export function useNow({ intervalMs = 30_000, offsetMs = 0 }: UseNowOptions = {}): Date {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return useMemo(() => new Date(tick + offsetMs), [tick, offsetMs]);
}
