import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { loadConfig } from './config';
import { initErrorReporting, reportError } from './instrument';

// Sentry's SDK loads only when a DSN is set; this file's worker is its own process, so the SDK it
// starts touches no other test. The receiver is a real HTTP server standing in for Sentry.
let receiver: Server;
const envelopes: string[] = [];
let port = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push(
        (req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'),
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe('error reporting', () => {
  it('without a DSN sends nothing, and a fault report is harmless', async () => {
    expect(await initErrorReporting(loadConfig({}), 'test')).toBe(false);
    reportError(new Error('nobody hears this'));
    await new Promise((r) => setTimeout(r, 300));
    expect(envelopes).toEqual([]);
  });

  it('with a DSN loads the SDK and sends a fault, its message included', async () => {
    const config = loadConfig({
      SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42`,
      SENTRY_TRACES_SAMPLE_RATE: '0',
    });
    expect(await initErrorReporting(config, 'test')).toBe(true);
    reportError(new Error('the disk is on fire'));
    await expect
      .poll(() => envelopes.some((e) => e.includes('the disk is on fire')), { timeout: 10_000 })
      .toBe(true);
  });

  it('sends a failed query with its SQL text, never the values it was asked with', async () => {
    // Made at run time: Sentry sends the source lines around a frame, this file's included.
    const token = randomBytes(32).toString('base64url');
    const cause = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    reportError(
      new DrizzleQueryError(
        'select id from appointments where token = $1 limit $2',
        [token, 1],
        cause,
      ),
    );
    await expect
      .poll(() => envelopes.some((e) => e.includes('where token = $1 limit $2')), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(envelopes.join('\n')).toContain('canceling statement due to statement timeout');
    expect(envelopes.join('\n')).not.toContain(token);
  });
});
