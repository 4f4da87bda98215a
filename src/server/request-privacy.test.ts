import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test/test-db';
import { buildTestApp } from './test/test-app';
import { apiAs } from './test/api-client';
import { sessionCookieFor } from './test/auth-helpers';
import { clinicScenario } from './test/scenario';
import { createAppointment } from './test/factories';
import { loadConfig, parseTrustProxy, ConfigError } from './config';
import { scrubRequest } from './instrument';
import type { App } from './app';

let testDb: TestDatabase;
let scenario: Awaited<ReturnType<typeof clinicScenario>>;
let app: App;
let lines: string[];

beforeAll(async () => {
  testDb = await createTestDatabase();
  scenario = await clinicScenario(testDb.handle.db);
  lines = [];
  app = await buildTestApp(testDb.handle, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(async () => {
  await app.close();
  await testDb.destroy();
});

/**
 * The provider's appointment this many days ahead: each test its own time, as the factory's
 * random one could overlap another test's.
 */
const appointmentInDays = (days: number) =>
  createAppointment(
    testDb.handle.db,
    { clinicId: scenario.clinic.id, patientId: scenario.patient.id, staffId: scenario.provider.id },
    { start: new Date(Date.now() + days * 86_400_000) },
  );

describe('what the log keeps of a request', () => {
  it('logs paths without query strings, so tokens, e-mails and search words stay out', async () => {
    const staff = await apiAs(app, scenario.staff.email);
    const appointment = await appointmentInDays(60);
    lines.length = 0;
    await app.inject({ method: 'GET', url: `/api/session?token=${appointment.token}` });
    await staff.get('/api/appointments/paginated?patientEmail=jose.nunez%40example.com');
    await staff.get(`/api/clinics/patient?clinic=${scenario.clinic.slug}&keyword=N%C3%BA%C3%B1ez`);
    const log = lines.join('\n');
    expect(log).toContain('"url":"/api/session"');
    expect(log).toContain('"url":"/api/appointments/paginated"');
    expect(log).not.toContain(appointment.token);
    expect(log).not.toContain('jose.nunez');
    expect(log).not.toMatch(/N%C3%BA%C3%B1ez|Núñez/);
  });
});

describe('what the log keeps of a secret-bearing address', () => {
  const secret = () => randomBytes(32).toString('base64url');
  const secretFilled = (url: string, value: string) =>
    url.replace(/:[A-Za-z0-9_]+|\*/g, (part) =>
      part.startsWith(':file') ? `${value}.ics` : value,
    );

  it('never logs what a route takes in its path, query or body, for every route there is', async () => {
    // Every route, found in the app's registry: a route added tomorrow is sent here too. Each
    // request carries its own secret in every path parameter, in the query and in the body.
    const sent = app.routeRegistry
      .filter((r) => r.method !== 'HEAD')
      .map((r) => ({
        route: `${r.method} ${r.url}`,
        method: r.method,
        url: r.url,
        value: secret(),
      }));
    // The web app's pages that carry a patient's link, which no API route serves.
    for (const page of ['/offer/:token', '/book-online/confirm/:token', '/session/:id']) {
      sent.push({ route: `page ${page}`, method: 'GET', url: page, value: secret() });
    }
    expect(sent.filter((r) => r.url.includes(':')).length).toBeGreaterThan(20);
    lines.length = 0;
    for (const { method, url, value } of sent) {
      await app.inject({
        method: method as 'GET',
        url: `${secretFilled(url, value)}?token=${value}&secret=${value}&email=${value}`,
        // A session of its own: the sign-out among the routes must not sign the others out.
        headers: { cookie: await sessionCookieFor(testDb.handle.db, scenario.admin.id) },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { token: value } }),
      });
    }
    const log = lines.join('\n');
    expect(log).toContain('"url":"/ical/:file"');
    expect(log).toContain('"url":"/offer/*"');
    expect(sent.filter(({ value }) => log.includes(value)).map((r) => r.route)).toEqual([]);
  });
});

describe('what the log keeps of a failed query', () => {
  it('keeps the SQL text and its code, never the values a visit token was looked up with', async () => {
    const appointment = await appointmentInDays(120);
    // The lookup by token fails in the database (drizzle wraps it in a DrizzleQueryError whose
    // message and params carry the token), and the fault is logged.
    await testDb.handle.exec('alter table appointments rename column token to token_gone');
    lines.length = 0;
    try {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/session?token=${appointment.token}`,
      });
      expect(answer.statusCode).toBe(500);
    } finally {
      await testDb.handle.exec('alter table appointments rename column token_gone to token');
    }
    const log = lines.join('\n');
    expect(log).toContain('Failed query: select');
    expect(log).not.toContain(appointment.token);
    expect(log).toContain('"code":"42703"');
    expect(log).toContain('"stack":');
  });
});

describe('what goes to Sentry', () => {
  it('keeps a request’s path and method, not its query string, cookies or body', () => {
    const event = scrubRequest({
      transaction: 'GET /api/session?token=abc123secret',
      request: {
        method: 'GET',
        url: 'https://clinic.example/api/session?token=abc123secret',
        query_string: 'token=abc123secret',
        cookies: { carebook_session: 'xyz' },
        data: { email: 'jose.nunez@example.com' },
      },
      breadcrumbs: [{ data: { url: '/api/clinics/patient?keyword=nunez' } }],
    });
    expect(event.request).toEqual({ method: 'GET', url: 'https://clinic.example/api/session' });
    expect(event.transaction).toBe('GET /api/session');
    expect(JSON.stringify(event)).not.toMatch(/abc123secret|xyz|jose|nunez/);
  });

  it('keeps no secret a path carries, a calendar feed’s or a patient link’s', () => {
    const feedSecret = 'Qk9vT3x7yZ-_0123456789abcdefghijklmnopqrstu';
    const event = scrubRequest({
      transaction: 'GET /ical/:file',
      request: { method: 'GET', url: `https://clinic.example/ical/${feedSecret}.ics` },
      breadcrumbs: [{ data: { url: `/offer/${feedSecret}?x=1` } }],
    });
    expect(event.request).toEqual({ method: 'GET', url: 'https://clinic.example/ical/*' });
    expect(event.transaction).toBe('GET /ical/:file');
    expect(event.breadcrumbs![0]!.data!.url).toBe('/offer/*');
    expect(JSON.stringify(event)).not.toContain(feedSecret);
  });
});

describe('caching of API answers', () => {
  it('forbids any cache to keep an API answer, errors included', async () => {
    const staff = await apiAs(app, scenario.staff.email);
    const answers = await Promise.all([
      staff.get('/api/appointments/paginated'),
      staff.get(`/api/clinics/patient?clinic=${scenario.clinic.slug}&keyword=smith`),
      app.inject({ method: 'GET', url: '/api/session?token=not-a-real-token-at-all' }),
      app.inject({ method: 'GET', url: '/api/auth/session' }),
      app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 401, 404]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('leaves the web app’s own caching alone', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});

describe('TRUST_PROXY', () => {
  const addressSeen = async (trust: string) => {
    const seen: string[] = [];
    const proxied = await buildTestApp(testDb.handle, {
      config: { TRUST_PROXY: parseTrustProxy(trust)! },
      logStream: { write: (line) => seen.push(line) },
    });
    // A client forges the first address; the proxy in front appends the one it saw.
    await proxied.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' },
    });
    await proxied.close();
    const line = seen.find((l) => l.includes('"remoteAddress"'));
    return (JSON.parse(line!) as { req: { remoteAddress: string } }).req.remoteAddress;
  };

  it('believes exactly the configured number of proxies, never the client’s own claim', async () => {
    expect(await addressSeen('false')).toBe('127.0.0.1');
    expect(await addressSeen('1')).toBe('198.51.100.7');
    expect(await addressSeen('127.0.0.1')).toBe('198.51.100.7');
    expect(await addressSeen('10.0.0.0/8')).toBe('127.0.0.1');
  });

  it('refuses "true" and anything that is not a hop count or addresses, saying what to give', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16 ,::1,loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.internal', '1.2.3.4/8/9', '-1'])
      expect(parseTrustProxy(bad), bad).toBeUndefined();
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies/);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  it('refuses to start for production without PUBLIC_URL, and keeps the demo default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: '' })).toThrow(/PUBLIC_URL/);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://book.clinic.example' }).PUBLIC_URL,
    ).toBe('https://book.clinic.example');
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
  });
});
