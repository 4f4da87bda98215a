import { useEffect, useState } from 'react';
import type { NextFreeDay, PublicSlotsResponse } from '@contracts/online-booking';
import { callPublic } from './book-online-api';

export interface TimesChoice {
  /** The service asked for; '' until one is chosen (no times are asked for then). */
  serviceId: string;
  /** '' for "first available". */
  agentId: string;
  duration: number;
  /** The day looked at, YYYY-MM-DD in the patient's zone. */
  day: string;
}

export type PublicSlot = PublicSlotsResponse['slots'][number];

/** What the next-day search found once the day looked at has no free time. */
export type NextDay =
  | { kind: 'loading' }
  | { kind: 'day'; day: string }
  | { kind: 'none'; lastDay: string }
  | { kind: 'failed'; message: string };

export type FreeTimes =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'times'; slots: PublicSlot[] }
  | { kind: 'empty'; next: NextDay };

/**
 * The free times of the chosen service, day, provider and length; when there are none, the next day that
 * has some (the server searches up to the clinic's horizon). An answer for a choice the patient
 * has already left is dropped, so a slow reply never shows another day's times.
 */
export function useFreeTimes(
  slug: string,
  choice: TimesChoice,
  timeZone: string,
  fetchImpl: typeof fetch,
): FreeTimes {
  const [times, setTimes] = useState<FreeTimes>({ kind: 'loading' });
  const { serviceId, agentId, duration, day } = choice;

  useEffect(() => {
    if (!day || !serviceId) return;
    let current = true;
    setTimes({ kind: 'loading' });
    const query = new URLSearchParams({
      serviceId,
      timezone: timeZone,
      duration: String(duration),
    });
    if (agentId) query.set('agentId', agentId);
    const base = `/api/public/clinics/${slug}`;
    const get = <T>(path: string) => callPublic<T>(`${base}/${path}`, { method: 'GET' }, fetchImpl);
    void (async () => {
      const slots = await get<PublicSlotsResponse>(`slots?from=${day}&to=${day}&${query}`);
      if (!current) return;
      if (slots.kind !== 'ok') return setTimes({ kind: 'failed', message: slots.message });
      if (slots.value.slots.length > 0)
        return setTimes({ kind: 'times', slots: slots.value.slots });
      setTimes({ kind: 'empty', next: { kind: 'loading' } });
      const next = await get<NextFreeDay>(`next-free-day?after=${day}&${query}`);
      if (!current) return;
      setTimes({
        kind: 'empty',
        next:
          next.kind !== 'ok'
            ? { kind: 'failed', message: next.message }
            : next.value.day
              ? { kind: 'day', day: next.value.day }
              : { kind: 'none', lastDay: next.value.lastDay },
      });
    })();
    return () => {
      current = false;
    };
  }, [slug, serviceId, agentId, duration, day, timeZone, fetchImpl]);

  return times;
}
