// The offer page talks to its three public endpoints with plain fetch, like the visit page.
import type { PublicOffer } from '@contracts/waitlist';

export const NOT_A_VALID_OFFER =
  'This offer link is not valid. Please check the link in your e-mail.';
const OFFLINE = 'We could not reach your clinic. Check your internet connection and try again.';

export type OfferAnswer =
  | { kind: 'ok'; offer: PublicOffer }
  /** The server's sentence: a bad link, an expired offer, a time someone else took. */
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'failed'; message: string };

async function messageOf(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : fallback;
  } catch {
    return fallback;
  }
}

async function call(
  url: string,
  method: 'GET' | 'POST',
  fetchImpl: typeof fetch,
): Promise<OfferAnswer> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method,
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  } catch {
    return { kind: 'failed', message: OFFLINE };
  }
  if (response.ok) {
    try {
      return { kind: 'ok', offer: (await response.json()) as PublicOffer };
    } catch {
      return { kind: 'failed', message: OFFLINE };
    }
  }
  if ([400, 404, 409, 410].includes(response.status)) {
    const fallback =
      response.status === 409 || response.status === 410 ? OFFLINE : NOT_A_VALID_OFFER;
    return {
      kind: 'refused',
      status: response.status,
      message: response.status === 400 ? NOT_A_VALID_OFFER : await messageOf(response, fallback),
    };
  }
  return { kind: 'failed', message: await messageOf(response, OFFLINE) };
}

const base = (token: string) => `/api/offers/${encodeURIComponent(token)}`;

export const lookupOffer = (token: string, fetchImpl: typeof fetch = fetch) =>
  call(base(token), 'GET', fetchImpl);
export const acceptOffer = (token: string, fetchImpl: typeof fetch = fetch) =>
  call(`${base(token)}/accept`, 'POST', fetchImpl);
export const declineOffer = (token: string, fetchImpl: typeof fetch = fetch) =>
  call(`${base(token)}/decline`, 'POST', fetchImpl);

/** The token of /offer/{token}, or '' when the path names none. */
export function offerTokenOf(pathname: string): string {
  const match = /^\/offer\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return '';
  }
}
