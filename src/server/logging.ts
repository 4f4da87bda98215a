import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What a request looks like in the log: its path without the query string, and for routes whose
 * path itself carries a secret (`:token`, `:secret`) the route's pattern instead. Query strings
 * carry visit tokens, patients' e-mail addresses and search words; none of it belongs in a log.
 */
export function loggedPath(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const pattern = request.routeOptions?.url;
  if (pattern && /:(token|secret)\b/.test(pattern)) return pattern;
  return withoutQuery(request.url);
}

export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** The app's logger: pino at the configured level, requests logged without their secrets. */
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
    },
  };
}
