import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's security headers on every response. The middleware is built once here: the Fastify
 * adapter (@fastify/helmet) builds it again for each request, parsing the content security
 * policy every time, which was a twentieth of a signed-in read's CPU; and it runs once, the
 * headers it sets then given to every response (staticHeaders).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { hsts: boolean }) => {
  const headers = staticHeaders(securityMiddleware(opts));
  app.addHook('onRequest', (request, reply, done) => {
    // API answers carry patient data and the signed-in user's view of it: no cache, shared or
    // the browser's own, may keep them. The API's own documentation pages may be cached.
    if (isApiPath(request.url) && !request.url.startsWith('/api/docs'))
      reply.header('cache-control', 'no-store');
    reply.headers(headers);
    done();
  });
});

/** Helmet with this app's policy. */
export function securityMiddleware(opts: { hsts: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", 'https://*.sentry.io', 'https://*.ingest.sentry.io'],
        'media-src': ["'self'", 'blob:'],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: opts.hsts ? undefined : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

type HelmetMiddleware = ReturnType<typeof helmet>;

/**
 * The headers helmet sets, worked out once: with this configuration (no nonces) they are the same
 * for every request, so each response is given them as Fastify headers, written with the rest,
 * instead of helmet running its thirteen middlewares against the raw response every time.
 */
export function staticHeaders(applyHeaders: HelmetMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  applyHeaders(
    {} as Parameters<HelmetMiddleware>[0],
    recorder as unknown as Parameters<HelmetMiddleware>[1],
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure || Object.keys(headers).length === 0) {
    throw new Error(`helmet set no headers: ${String(failure)}`);
  }
  return headers;
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
