import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Paths of the staff app (spec §2, and the router's pages in src/web/app/router.tsx); anything
 * else gets the SPA with a 404, which shows "Page not found".
 */
const SPA_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/dashboard\/?$/,
  /^\/reports\/?$/,
  /^\/appointments\/?$/,
  /^\/calendar\/?$/,
  /^\/print\/day\/?$/,
  /^\/availability\/?$/,
  /^\/waitlist\/?$/,
  /^\/patients\/?$/,
  /^\/patients\/duplicates\/?$/,
  /^\/patients\/[^/]+\/?$/,
  /^\/settings\/?$/,
  /^\/book\/?$/,
  /^\/reschedule\/?$/,
  /^\/admin\/(?:agents|clinics|services|resources|outbox|audit|integrations)\/?$/,
  /^\/admin\/sign-in\/?$/,
  /^\/admin\/agents\/[^/]+\/availability\/?$/,
  /^\/admin\/clinics\/[^/]+\/?$/,
  /^\/session\/[^/]+\/?$/,
];
/**
 * The public staff pages (sign-in, "Not allowed", the account links) are a small document of
 * their own, sign-in.html: a visitor who is not signed in loads none of the staff app (ADR 064).
 */
const SIGN_IN_ROUTE = /^\/auth\/(?:login|unauthorized|forgot|reset|invitation)\/?$/;
const LOGIN_TYPED = /^\/login\/?$/;
/**
 * The patient's pages are their own small bundle, so a phone loads none of the staff app: the
 * visit page, a waitlist offer's page (ADR 019) and a clinic's booking page and its confirmation link (ADR 022).
 */
const PATIENT_SESSION_ROUTE =
  /^\/session\/?$|^\/offer\/[^/]+\/?$|^\/book-online\/confirm\/[^/]+\/?$|^\/book-online\/[a-z0-9-]+\/?$/;

export interface WebOptions {
  webDir: string;
}

/**
 * Serves the built web app from the same port as the API, with the SPA fallback for every route
 * of the spec. Unknown /api paths stay JSON 404s.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  const root = path.resolve(options.webDir);
  const indexFile = path.join(root, 'index.html');
  const sessionFile = path.join(root, 'session.html');
  const signInFile = path.join(root, 'sign-in.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      // The build writes each asset's brotli and gzip forms beside it (vite.config.ts): the one
      // the browser's Accept-Encoding names is sent, with `Vary: accept-encoding` (ADR 033).
      preCompressed: true,
      // Hashed asset names never change content: cache them for a year; HTML is never cached.
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ root }, 'web app not built: run `npm run build` to serve it');
  }
  const readHtml = (file: string) =>
    built && existsSync(file) ? encodedPage(readFileSync(file)) : null;
  const indexHtml = readHtml(indexFile);
  const sessionHtml = readHtml(sessionFile) ?? indexHtml;
  const signInHtml = readHtml(signInFile) ?? indexHtml;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) {
      return reply.status(404).send({ error: 'not_found', message: 'No such API route.' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: 'not_found', message: 'Not found.' });
    }
    // The address people type for signing in; the spec's is /auth/login. The app's router sends
    // it there too, but the server answered the address itself with a 404.
    if (LOGIN_TYPED.test(url)) {
      return reply.redirect(`/auth/login${request.url.slice(url.length)}`, 302);
    }
    const html = PATIENT_SESSION_ROUTE.test(url)
      ? sessionHtml
      : SIGN_IN_ROUTE.test(url)
        ? signInHtml
        : indexHtml;
    if (!html) {
      return reply
        .status(503)
        .send({ error: 'service_unavailable', message: 'The web app has not been built yet.' });
    }
    const known =
      PATIENT_SESSION_ROUTE.test(url) ||
      SIGN_IN_ROUTE.test(url) ||
      SPA_ROUTES.some((r) => r.test(url));
    const encoding = pageEncoding(request);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(html[encoding ?? 'identity']);
  });
});

/**
 * A page in each form a browser may ask for, compressed once at start. The pages are answered by
 * the not-found handler, which @fastify/compress does not reach, so they are encoded here.
 */
type EncodedPage = Record<'identity' | 'br' | 'gzip', Buffer>;
function encodedPage(html: Buffer): EncodedPage {
  return {
    identity: html,
    br: brotliCompressSync(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
  };
}

const pageEncodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });
function pageEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = request.headers['accept-encoding'];
  return accepted ? pageEncodings.negotiate(accepted.toLowerCase()) : null;
}
