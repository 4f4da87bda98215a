import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { serializeError } from './security/query-values';

/**
 * What a request looks like in the log: never its query string (visit tokens, patients' e-mail
 * addresses, search words) and never what its path carries. A request that matched a route is
 * logged as the route's pattern (`/ical/:file`, `/api/offers/:token`, `/api/appointments/:id`):
 * whatever a route takes in its path, secret or not, stays out, so a route added tomorrow needs
 * no list to be kept. Any other path (the web app's pages, such as `/offer/<token>`, and
 * addresses nobody serves) keeps only its plain words (redactedPath).
 */
export function loggedPath(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const pattern = request.routeOptions?.url;
  if (pattern) return pattern;
  return redactedPath(withoutQuery(request.url));
}

export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** A path segment that is a plain word (`offer`, `book-online`), which no secret of ours is. */
const PLAIN_WORD = /^[a-z][a-z-]{0,39}$/;

/**
 * A path with every segment that is not a plain lower-case word replaced by a star: an offer's
 * page `/offer/Zm9v…` is logged as `/offer/` and a star, a staff member's availability page with
 * the star in place of their id. Our secrets are random base64url, tens of characters of mixed
 * case and digits, never a plain word.
 */
export function redactedPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment === '' || PLAIN_WORD.test(segment) ? segment : '*'))
    .join('/');
}

/**
 * The app's logger: pino at the configured level, requests logged without their secrets, errors
 * without the values of a failed query (a visit token looked up, an e-mail).
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedPath(request),
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: serializeError,
    },
  };
}
