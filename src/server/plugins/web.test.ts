// The web app and the API share one port: the staff app's routes answer 200 with its page, the
// patient's pages their own small page, sign-in and the account links theirs (ADR 064), any other address the app's page with a 404 (it shows
// "Page not found"), and unknown API routes a JSON 404.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPlugin } from './web';

let dir: string;
let app: FastifyInstance;
// A built script with its precompressed forms beside it, as the build writes them.
const script = Buffer.from(
  Array.from({ length: 300 }, (_, i) => `export const line${i} = 'chunk line ${i}';`).join('\n'),
);
const scriptBr = brotliCompressSync(script);
const scriptGz = gzipSync(script);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'carebook-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<title>staff</title>');
  writeFileSync(path.join(dir, 'session.html'), '<title>patient</title>');
  writeFileSync(path.join(dir, 'sign-in.html'), '<title>sign-in</title>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets/main-abc.js'), script);
  writeFileSync(path.join(dir, 'assets/main-abc.js.br'), scriptBr);
  writeFileSync(path.join(dir, 'assets/main-abc.js.gz'), scriptGz);
  app = Fastify();
  await app.register(webPlugin, { webDir: dir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('pages', () => {
  it.each(['/', '/appointments', '/admin/agents', '/calendar?view=week', '/session/abc'])(
    'answers the staff route %s with the staff app',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('staff');
    },
  );

  it.each([
    '/auth/login',
    '/auth/login?next=%2Fcalendar',
    '/auth/forgot',
    '/auth/reset?token=abc',
    '/auth/invitation?token=abc',
    '/auth/unauthorized',
  ])('answers the public page %s with the sign-in page, not the staff app', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('sign-in');
  });

  // Every page of the app's routers, read from their source: a page added there and not here
  // would open with a 404 when its address is loaded or refreshed.
  const routerSource = ['router.tsx', 'public-routes.tsx']
    .map((file) => readFileSync(path.join(import.meta.dirname, '../../web/app', file), 'utf8'))
    .join('\n');
  const pages = [...routerSource.matchAll(/\bpath: '([^']+)'/g)]
    .map((m) => m[1]!)
    .filter((p) => p !== '/' && p !== '*' && p !== 'login')
    .map((p) => `/${p.replace(/:[a-z]+/gi, 'some-id')}`);

  it('knows every page of the router', () => {
    expect(pages).toEqual(
      expect.arrayContaining(['/appointments', '/admin/clinics/some-id', '/auth/login']),
    );
  });

  it.each(pages)('answers the router page %s with 200', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it.each(['/admin/nope', '/admin/clinics/a/b', '/dashboard/x'])(
    'answers %s, which the router does not have, with a 404',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    },
  );

  it.each(['/session?token=abc', '/offer/xyz', '/book-online/riverside'])(
    'answers the patient page %s with the patient app',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('patient');
    },
  );

  it('answers an unknown address with the staff app and a 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('staff');
  });

  it.each([
    ['/login', '/auth/login'],
    ['/login/', '/auth/login'],
    ['/login?next=%2Fcalendar', '/auth/login?next=%2Fcalendar'],
  ])('sends %s, the address people type, to the sign-in page', async (url, location) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('bytes on the wire', () => {
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a built script as its brotli file to a browser that takes brotli', async () => {
    const res = await get('/assets/main-abc.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.equals(scriptBr)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(scriptBr.length);
  });

  it('sends the gzip file to a client that takes only gzip', async () => {
    const res = await get('/assets/main-abc.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(res.rawPayload).equals(script)).toBe(true);
  });

  it.each([undefined, 'identity', 'compress'])(
    'sends the file as it is with Accept-Encoding %s, still saying it varies',
    async (acceptEncoding) => {
      const res = await get('/assets/main-abc.js', acceptEncoding);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.equals(script)).toBe(true);
    },
  );

  it('sends the pages compressed too, by Accept-Encoding', async () => {
    const br = await get('/appointments', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('<title>staff</title>');
    const gz = await get('/book-online/riverside', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('<title>patient</title>');
    const plain = await get('/no-such-page');
    expect(plain.statusCode).toBe(404);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe('<title>staff</title>');
  });
});
