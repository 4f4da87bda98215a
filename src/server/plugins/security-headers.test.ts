// The security headers are worked out once from helmet and given to every response. They must be
// exactly what helmet itself writes on a real Node response, with HSTS and without, and reach an
// answer, an error and a page alike.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeadersPlugin, securityMiddleware } from './security-headers';

/** What helmet writes when it runs as middleware on a real response. */
function helmetOnARealResponse(hsts: boolean): Record<string, string> {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  res.setHeader('X-Powered-By', 'something');
  let error: unknown;
  securityMiddleware({ hsts })(res.req, res, (e?: unknown) => (error = e));
  expect(error).toBeUndefined();
  return Object.fromEntries(
    Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

describe('security headers', () => {
  it.each([true, false])(
    'are what helmet writes itself (HSTS %s), on every kind of answer',
    async (hsts) => {
      const expected = helmetOnARealResponse(hsts);
      expect(Object.keys(expected).length).toBeGreaterThan(10);
      expect(expected['x-powered-by']).toBeUndefined();
      expect('strict-transport-security' in expected).toBe(hsts);

      const app = Fastify();
      await app.register(securityHeadersPlugin, { hsts });
      app.get('/api/thing', async () => ({ ok: true }));
      app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>hi</p>'));
      app.get('/api/broken', async () => {
        throw new Error('broken');
      });
      for (const url of ['/api/thing', '/page', '/api/broken', '/api/missing']) {
        const res = await app.inject({ method: 'GET', url });
        for (const [name, value] of Object.entries(expected)) {
          expect([url, name, res.headers[name]]).toEqual([url, name, value]);
        }
      }
      await app.close();
    },
  );
});
