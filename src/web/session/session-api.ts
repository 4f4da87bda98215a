// The patient page talks to two public endpoints with plain fetch: the staff app's API client
// and query cache would only add weight to a page a patient opens on a phone.
import type { PatientSessionView } from '@contracts/session';
import { clockOffsetMs } from '@web/lib/video-call/visit-window';

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

async function messageOf(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : fallback;
  } catch {
    return fallback;
  }
}

export async function lookupSession(
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SessionLookup> {
  const sentAt = Date.now();
  let response: Response;
  try {
    response = await fetchImpl(`/api/session?token=${encodeURIComponent(token)}`, {
      headers: { accept: 'application/json' },
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
): Promise<Posted<T>> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
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

/** The patient says they will come; confirming twice is the same as once. */
export async function confirmSession(
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ConfirmResult> {
  const result = await postByToken<PatientSessionView>(
    '/api/session/confirm',
    token,
    'Your appointment could not be confirmed. Please try again.',
    fetchImpl,
  );
  return result.ok ? { ok: true, view: result.body } : result;
}
