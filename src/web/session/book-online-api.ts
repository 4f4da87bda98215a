// The online booking confirmation link (/book-online/confirm/{token}, ADR 022) talks to its
// public endpoint with plain fetch, like the visit page.
import {
  callPublicEndpoint,
  linkTokenOf,
  UNREACHABLE,
  type LinkAnswer,
  type PublicAnswer,
} from './public-fetch';

export const NOT_A_VALID_BOOKING_LINK =
  'This link is not valid. Please check that you copied all of it from your e-mail.';

/** Refused: a bad link, an expired hold, a clinic for known patients only. */
export type ConfirmAnswer = LinkAnswer<{ sessionUrl: string }>;

/** The token of a confirmation link's path, or '' when the path is not one. */
export function holdTokenOf(pathname: string): string {
  return linkTokenOf(/^\/book-online\/confirm\/([^/]+)\/?$/, pathname);
}

/** A bad link, an expired hold, a clinic for known patients only, too many tries: the server says. */
const HOLD_RULES = {
  offline: UNREACHABLE,
  badLink: NOT_A_VALID_BOOKING_LINK,
  refusal: (status: number) =>
    [400, 404, 409, 410, 422, 429].includes(status) ? NOT_A_VALID_BOOKING_LINK : undefined,
};

/** Books the held time; opening the link twice answers the same visit. */
export async function confirmHold(
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ConfirmAnswer> {
  if (!token) return { kind: 'refused', status: 404, message: NOT_A_VALID_BOOKING_LINK };
  const answer = await callPublicEndpoint<{ sessionUrl?: unknown } | null>(
    `/api/public/holds/${encodeURIComponent(token)}/confirm`,
    { method: 'POST' },
    HOLD_RULES,
    fetchImpl,
  );
  if (answer.kind !== 'ok') return answer;
  const sessionUrl = answer.value?.sessionUrl;
  // An answer that is not the one promised is the network's fault, not the patient's.
  return typeof sessionUrl === 'string'
    ? { kind: 'ok', sessionUrl }
    : { kind: 'failed', message: UNREACHABLE };
}

export type LoadAnswer<T> = PublicAnswer<T>;

/** Any refusal of the booking page's calls is the patient's to read. */
const BOOKING_RULES = {
  offline: UNREACHABLE,
  refusal: (status: number) => (status >= 400 && status < 500 ? UNREACHABLE : undefined),
};

/** A public call of the booking page: its answer, or the server's sentence in words. */
export function callPublic<T>(
  url: string,
  init: RequestInit,
  fetchImpl: typeof fetch = fetch,
): Promise<LoadAnswer<T>> {
  return callPublicEndpoint<T>(url, init, BOOKING_RULES, fetchImpl);
}

/** The clinic's slug of a booking page's path, or '' when the path is not one. */
export function bookingSlugOf(pathname: string): string {
  const match = /^\/book-online\/([a-z0-9-]+)\/?$/.exec(pathname);
  return match ? match[1]! : '';
}
