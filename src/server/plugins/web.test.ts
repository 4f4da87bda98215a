// The web app and the API share one port: the staff app's routes answer 200 with its page, the
// patient's pages their own small page, any other address the app's page with a 404 (it shows
// "Page not found"), and unknown API routes a JSON 404.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
