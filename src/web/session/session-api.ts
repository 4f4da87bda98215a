// The patient page talks to two public endpoints with plain fetch: the staff app's API client
// and query cache would only add weight to a page a patient opens on a phone.
import type { PatientSessionView, PatientSlotsResponse } from '@contracts/session';
import { clockOffsetMs } from '@web/lib/video-call/visit-window';
import { languageHeader, messageOf } from './public-fetch';

/** The server's own words for a bad link (kept in step with NOT_A_VALID_LINK in @contracts). */
export const NOT_A_VALID_LINK =
  'This visit link is not valid. Please use the link in the latest message from your clinic.';

export type SessionLookup =
  | { kind: 'ok'; view: PatientSessionView; clockOffsetMs: number }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

export type JoinResult =
  { ok: true; iceServers: RTCIceServer[] } | { ok: false; status: number; message: string };

const OFFLINE =
  'We could not reach your clinic. Check your internet connection; this page keeps trying.';

/**
 * The visit as the server sees it; what it says in words (what the clinic's rules refuse) is in
 * `language`, the page's (by default its `<html lang>`).
 */
export async function lookupSession(
  token: string,
  fetchImpl: typeof fetch = fetch,
  language?: string,
): Promise<SessionLookup> {
  const sentAt = Date.now();
  let response: Response;
  try {
    response = await fetchImpl(`/api/session?token=${encodeURIComponent(token)}`, {
      headers: { accept: 'application/json', ...languageHeader(language) },
      cache: 'no-store',
    });
  } catch {
    return { kind: 'failed', message: OFFLINE };
  }
  const receivedAt = Date.now();
  if (response.ok) {
    try {
      const view = (await response.json()) as PatientSessionView;
      return { kind: 'ok', view, clockOffsetMs: clockOffsetMs(view.serverNow, sentAt, receivedAt) };
    } catch {
      return { kind: 'failed', message: OFFLINE };
    }
  }
  // 404 carries the server's non-revealing sentence, 410 that the link has expired; a 400 (no
  // token at all) means the same as a 404.
  if (response.status === 404 || response.status === 410) {
    return { kind: 'invalid', message: await messageOf(response, NOT_A_VALID_LINK) };
  }
  if (response.status === 400) return { kind: 'invalid', message: NOT_A_VALID_LINK };
  return {
    kind: 'failed',
    message: await messageOf(response, 'Something went wrong on our side. This page keeps trying.'),
  };
}

type Posted<T> = { ok: true; body: T } | { ok: false; status: number; message: string };

/** One of the patient's actions by token: the server's own words when it refuses. */
async function postByToken<T>(
  path: string,
  token: string,
  refused: string,
  fetchImpl: typeof fetch,
  extra: Record<string, unknown> = {},
): Promise<Posted<T>> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...languageHeader(),
      },
      body: JSON.stringify({ ...extra, token }),
    });
  } catch {
    return { ok: false, status: 0, message: OFFLINE };
  }
  if (!response.ok) {
    return { ok: false, status: response.status, message: await messageOf(response, refused) };
  }
  return { ok: true, body: (await response.json()) as T };
}

/** Tells the clinic the patient is here, and gets the ICE servers for the call. */
export async function joinSession(
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<JoinResult> {
  const result = await postByToken<{ iceServers?: RTCIceServer[] }>(
    '/api/session/join',
    token,
    'The visit could not be joined. Please try again.',
    fetchImpl,
  );
  return result.ok ? { ok: true, iceServers: result.body.iceServers ?? [] } : result;
}

export type ConfirmResult =
  { ok: true; view: PatientSessionView } | { ok: false; status: number; message: string };

/** A change the patient makes by token; the answer is the visit as it now stands. */
async function changeByToken(
  path: string,
  token: string,
  refused: string,
  fetchImpl: typeof fetch,
  extra?: Record<string, unknown>,
): Promise<ConfirmResult> {
  const result = await postByToken<PatientSessionView>(path, token, refused, fetchImpl, extra);
  return result.ok ? { ok: true, view: result.body } : result;
}

/** The patient says they will come; confirming twice is the same as once. */
export function confirmSession(token: string, fetchImpl: typeof fetch = fetch) {
  return changeByToken(
    '/api/session/confirm',
    token,
    'Your appointment could not be confirmed. Please try again.',
    fetchImpl,
  );
}

export type ChangeResult = ConfirmResult;

/** Moves the visit to another free time of the same provider. */
export function rescheduleSession(token: string, start: string, fetchImpl: typeof fetch = fetch) {
  return changeByToken(
    '/api/session/reschedule',
    token,
    'Your appointment could not be moved. Please try again.',
    fetchImpl,
    { start },
  );
}

/** Cancels the visit; the reason is the patient's to give or not. */
export function cancelSession(token: string, reason: string, fetchImpl: typeof fetch = fetch) {
  return changeByToken(
    '/api/session/cancel',
    token,
    'Your appointment could not be cancelled. Please try again.',
    fetchImpl,
    reason.trim() ? { reason } : {},
  );
}

export type SlotsResult =
  { ok: true; slots: PatientSlotsResponse['slots'] } | { ok: false; message: string };

/** Free times of the visit's provider between two days of `timeZone`, both included. */
export async function fetchSlots(
  token: string,
  range: { from: string; to: string; timeZone: string },
  fetchImpl: typeof fetch = fetch,
): Promise<SlotsResult> {
  const query = new URLSearchParams({
    token,
    from: range.from,
    to: range.to,
    timezone: range.timeZone,
  });
  let response: Response;
  try {
    response = await fetchImpl(`/api/session/slots?${query.toString()}`, {
      headers: { accept: 'application/json', ...languageHeader() },
      cache: 'no-store',
    });
  } catch {
    return { ok: false, message: OFFLINE };
  }
  if (!response.ok) {
    return {
      ok: false,
      message: await messageOf(response, 'Free times could not be loaded. Please try again.'),
    };
  }
  return { ok: true, slots: ((await response.json()) as PatientSlotsResponse).slots };
}

/** The visit's calendar file, downloaded by the browser itself. */
export function calendarFileUrl(token: string): string {
  return `/api/session/calendar.ics?token=${encodeURIComponent(token)}`;
}
