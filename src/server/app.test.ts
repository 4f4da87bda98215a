import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './test/test-db';
import { buildTestApp, useTestApp } from './test/test-app';

const env = useTestApp({ resetEachTest: false });

describe('the app', () => {
  it('reports the database state at /api/health', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { kind: env.handle.kind, status: 'up' },
    });
  });

  it('reports a lost database as degraded with a 503', async () => {
    const lost = await createTestDatabase();
    const lonely = await buildTestApp(lost.handle);
    await lost.destroy();
    const res = await lonely.inject({ method: 'GET', url: '/api/health' });
    await lonely.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
  });

  it('answers an unknown API route with a JSON 404 in the error shape', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No such API route.' });
  });

  it('exposes no Sentry DSN to the browser when none is configured', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.json()).toMatchObject({ sentryDsn: null });
  });

  it('sends security headers', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Strict-Transport-Security only behind a proxy that terminates TLS (TRUST_PROXY).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const missing = await env.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

/** Sends raw bytes to the listening env.app and returns what came back before it closed. */
async function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    // The server may reset a connection it refused while bytes are still arriving: what it sent
    // before that is the answer.
    socket.on('error', (err) => (received ? resolve(received) : reject(err)));
  });
}

describe('requests refused before any route runs', () => {
  it('answers a broken %-escape and an overlong path part in the error shape', async () => {
    const broken = await env.app.inject({ method: 'GET', url: '/api/appointments/%zz' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      error: 'bad_request',
      message: 'The address of this request is not valid: it has a broken %-escape.',
    });
    const long = await env.app.inject({
      method: 'GET',
      url: `/api/appointments/${'x'.repeat(300)}`,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      error: 'bad_request',
      message: 'The address of this request is too long.',
    });
  });

  it('answers what the HTTP parser refuses in the error shape too', async () => {
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env.app.server.address() as { port: number };
    const badHeader = await rawExchange(
      port,
      'GET /api/health HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a\u0001b\r\n\r\n',
    );
    expect(badHeader).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(badHeader.split('\r\n\r\n')[1]!)).toEqual({
      error: 'bad_request',
      message: 'The request is not valid HTTP.',
    });
    const hugeHeader = await rawExchange(
      port,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Filler: ${'y'.repeat(20_000)}\r\n\r\n`,
    );
    expect(hugeHeader).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(hugeHeader.split('\r\n\r\n')[1]!)).toMatchObject({ error: 'bad_request' });
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI 3.1 document generated from the contracts', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/appointments',
        '/api/appointments/paginated',
        '/api/appointments/counts',
        '/api/appointments/{id}',
        '/api/clinics/patient',
      ]),
    );
    expect(doc.paths['/api/appointments'].post.requestBody).toBeTruthy();
  });

  it('serves a readable reference page', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
