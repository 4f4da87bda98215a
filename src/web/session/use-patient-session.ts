import { useCallback, useEffect, useRef, useState } from 'react';
import type { PatientSessionView } from '@contracts/session';
import { lookupSession, type SessionLookup } from './session-api';

/** How often the page asks again, so the Join button appears when the window opens. */
export const REFRESH_MS = 30_000;

export interface PatientSessionState {
  /** The last decisive answer: the visit, or "this link is not valid". Null until the first. */
  answer: Exclude<SessionLookup, { kind: 'failed' }> | null;
  /** Why the latest refresh failed (network, server), while the last answer stays on screen. */
  problem: string | null;
}

/**
 * Looks the visit up, and again every REFRESH_MS, when the tab comes back into view, and right
 * at the moments the window opens and closes. Paused during the call: nothing on the card
 * matters then, and the lookups count against the per-address limit.
 */
export function usePatientSession(
  token: string,
  { paused, language }: { paused: boolean; language?: string },
) {
  const [state, setState] = useState<PatientSessionState>({ answer: null, problem: null });
  const latestRequest = useRef(0);

  // Asked again when the page's language changes: what the clinic's rules refuse is said in it.
  const refresh = useCallback(async () => {
    const request = ++latestRequest.current;
    const result = await lookupSession(token, fetch, language);
    if (request !== latestRequest.current) return;
    setState((previous) =>
      result.kind === 'failed'
        ? { answer: previous.answer, problem: result.message }
        : { answer: result, problem: null },
    );
  }, [token, language]);

  useEffect(() => {
    if (paused) return;
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onVisible);
    };
  }, [refresh, paused]);

  const view = state.answer?.kind === 'ok' ? state.answer.view : null;
  const offset = state.answer?.kind === 'ok' ? state.answer.clockOffsetMs : 0;
  useRefreshAt(view, offset, paused ? null : refresh);

  /** Shows an answer a change gave back (a move, a cancel) without waiting for the next lookup. */
  const show = useCallback((view: PatientSessionView) => {
    latestRequest.current += 1;
    setState((previous) => ({
      answer: {
        kind: 'ok',
        view,
        clockOffsetMs: previous.answer?.kind === 'ok' ? previous.answer.clockOffsetMs : 0,
      },
      problem: null,
    }));
  }, []);

  return { ...state, refresh, show };
}

/** One extra lookup just after the window opens and just after it closes. */
function useRefreshAt(
  view: PatientSessionView | null,
  offsetMs: number,
  refresh: (() => Promise<void>) | null,
) {
  const opensAt = view?.joinOpensAt;
  const closesAt = view?.joinClosesAt;
  useEffect(() => {
    if (!refresh || !opensAt || !closesAt) return;
    const now = Date.now() + offsetMs;
    const timers = [opensAt, closesAt]
      .map((at) => Date.parse(at) - now + 1_000)
      // setTimeout overflows past ~24.8 days; the interval covers anything that far away.
      .filter((wait) => wait > 0 && wait < REFRESH_MS * 60)
      .map((wait) => setTimeout(() => void refresh(), wait));
    return () => timers.forEach(clearTimeout);
  }, [opensAt, closesAt, offsetMs, refresh]);
}
