// The offer page talks to its three public endpoints with plain fetch, like the visit page.
import type { PublicOffer } from '@contracts/waitlist';
import { callPublicEndpoint, linkTokenOf, UNREACHABLE, type LinkAnswer } from './public-fetch';

export const NOT_A_VALID_OFFER =
  'This offer link is not valid. Please check the link in your e-mail.';

/** Refused: a bad link, an expired offer, a time someone else took. */
export type OfferAnswer = LinkAnswer<{ offer: PublicOffer }>;

/** A bad or spent link says so; a time taken or gone meanwhile, in the server's words. */
const OFFER_RULES = {
  offline: UNREACHABLE,
  badLink: NOT_A_VALID_OFFER,
  refusal: (status: number) =>
    status === 400 || status === 404
      ? NOT_A_VALID_OFFER
      : status === 409 || status === 410
        ? UNREACHABLE
        : undefined,
};

async function call(
  url: string,
  method: 'GET' | 'POST',
  fetchImpl: typeof fetch,
): Promise<OfferAnswer> {
  const answer = await callPublicEndpoint<PublicOffer>(url, { method }, OFFER_RULES, fetchImpl);
  return answer.kind === 'ok' ? { kind: 'ok', offer: answer.value } : answer;
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
  return linkTokenOf(/^\/offer\/([^/]+)\/?$/, pathname);
}
