import type { FastifyRequest } from 'fastify';

/** A browser request from another site: refused for every mutation (CSRF). */
export function isCrossSiteRequest(
  request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>,
): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return false;
  try {
    // Both through URL, so an explicit default port (":80", ":443") compares equal to none.
    const own = new URL(`${request.protocol}://${request.host}`).host;
    return new URL(origin).host !== own;
  } catch {
    return true;
  }
}
