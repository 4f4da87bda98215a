// The online booking confirmation link (/book-online/confirm/{token}, ADR 022) talks to its
// public endpoint with plain fetch, like the visit page.

export const NOT_A_VALID_BOOKING_LINK =
  'This link is not valid. Please check that you copied all of it from your e-mail.';
const OFFLINE = 'We could not reach your clinic. Check your internet connection and try again.';

export type ConfirmAnswer =
  | { kind: 'ok'; sessionUrl: string }
  /** The server's sentence: a bad link, an expired hold, a clinic for known patients only. */
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'failed'; message: string };

/** The token of a confirmation link's path, or '' when the path is not one. */
export function holdTokenOf(pathname: string): string {
  const match = /^\/book-online\/confirm\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return '';
  }
}

async function messageOf(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : fallback;
  } catch {
    return fallback;
  }
}

/** Books the held time; opening the link twice answers the same visit. */
export async function confirmHold(
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ConfirmAnswer> {
  if (!token) return { kind: 'refused', status: 404, message: NOT_A_VALID_BOOKING_LINK };
  let response: Response;
  try {
    response = await fetchImpl(`/api/public/holds/${encodeURIComponent(token)}/confirm`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  } catch {
    return { kind: 'failed', message: OFFLINE };
  }
  if (response.ok) {
    try {
      const body = (await response.json()) as { sessionUrl?: unknown };
      if (typeof body.sessionUrl === 'string') return { kind: 'ok', sessionUrl: body.sessionUrl };
    } catch {
      // An answer that is not the one promised is the network's fault, not the patient's.
    }
    return { kind: 'failed', message: OFFLINE };
  }
  if ([400, 404, 409, 410, 422, 429].includes(response.status)) {
    return {
      kind: 'refused',
      status: response.status,
      message:
        response.status === 400
          ? NOT_A_VALID_BOOKING_LINK
          : await messageOf(response, NOT_A_VALID_BOOKING_LINK),
    };
  }
  return { kind: 'failed', message: await messageOf(response, OFFLINE) };
}

export type LoadAnswer<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'failed'; message: string };

/** A public call of the booking page: its answer, or the server's sentence in words. */
export async function callPublic<T>(
  url: string,
  init: RequestInit,
  fetchImpl: typeof fetch = fetch,
): Promise<LoadAnswer<T>> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      cache: 'no-store',
    });
  } catch {
    return { kind: 'failed', message: OFFLINE };
  }
  if (response.ok) {
    try {
      return { kind: 'ok', value: (await response.json()) as T };
    } catch {
      return { kind: 'failed', message: OFFLINE };
    }
  }
  if (response.status >= 400 && response.status < 500) {
    return {
      kind: 'refused',
      status: response.status,
      message: await messageOf(response, OFFLINE),
    };
  }
  return { kind: 'failed', message: await messageOf(response, OFFLINE) };
}

/** The clinic's slug of a booking page's path, or '' when the path is not one. */
export function bookingSlugOf(pathname: string): string {
  const match = /^\/book-online\/([a-z0-9-]+)\/?$/.exec(pathname);
  return match ? match[1]! : '';
}
