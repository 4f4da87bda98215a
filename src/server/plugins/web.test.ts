// The web app and the API share one port: the staff app's routes answer 200 with its page, the
// patient's pages their own small page, any other address the app's page with a 404 (it shows
// "Page not found"), and unknown API routes a JSON 404.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPlugin } from './web';

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'carebook-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<title>staff</title>');
  writeFileSync(path.join(dir, 'session.html'), '<title>patient</title>');
  app = Fastify();
  await app.register(webPlugin, { webDir: dir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('pages', () => {
  it.each(['/', '/appointments', '/auth/login', '/admin/agents', '/calendar?view=week'])(
    'answers the staff route %s with the staff app',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('staff');
    },
  );

  // Every page of the app's router, read from its source: a page added there and not here would
  // open with a 404 when its address is loaded or refreshed.
  const routerSource = readFileSync(
    path.join(import.meta.dirname, '../../web/app/router.tsx'),
    'utf8',
  );
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
