import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`: which actions an appointment allows turns on
 * its start passing, so an open dialog must notice without a reload.
 */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
