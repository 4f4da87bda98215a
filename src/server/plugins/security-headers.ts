import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's security headers on every response. The middleware is built once here: the Fastify
 * adapter (@fastify/helmet) builds it again for each request, parsing the content security
 * policy every time, which was a twentieth of a signed-in read's CPU.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { hsts: boolean }) => {
  const applyHeaders = helmet({
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
  app.addHook('onRequest', (request, reply, done) => {
    // API answers carry patient data and the signed-in user's view of it: no cache, shared or
    // the browser's own, may keep them. The API's own documentation pages may be cached.
    if (isApiPath(request.url) && !request.url.startsWith('/api/docs'))
      reply.header('cache-control', 'no-store');
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
});

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
