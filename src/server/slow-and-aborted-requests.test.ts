import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from './test/test-db';
import { buildTestApp } from './test/test-app';
import type { App } from './app';

// Real sockets, not inject(): these are about what a client does on the wire.
const REQUEST_TIMEOUT_MS = 1_000;
const CONNECTION_TIMEOUT_MS = 1_500;
let testDb: TestDatabase;
let app: App;
let port: number;
const logs: Array<{ level: number; msg: string }> = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.handle, {
    config: { REQUEST_TIMEOUT_MS, CONNECTION_TIMEOUT_MS },
    logStream: { write: (line: string) => void logs.push(JSON.parse(line)) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await testDb.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function connect() {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  return { socket, closed, received: () => received };
}

const UPLOAD_HEAD =
  'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
  'Content-Length: 1000\r\n\r\n';

async function waitForLog(msg: string, ms = 3_000) {
  const deadline = Date.now() + ms;
  while (!logs.some((l) => l.msg === msg) && Date.now() < deadline) await sleep(50);
}

describe('a client that hangs up in the middle of its upload', () => {
  it('is logged as a cut-off request, never as the database being unavailable', async () => {
    logs.length = 0;
    const client = await connect();
    client.socket.write(`${UPLOAD_HEAD}{"email":"someone@example`);
    await sleep(200);
    client.socket.destroy();
    await waitForLog('the client closed the connection before its request body arrived');
    const messages = logs.map((l) => l.msg);
    expect(messages).toContain('the client closed the connection before its request body arrived');
    expect(messages).not.toContain('database unavailable');
    expect(logs.filter((l) => l.level >= 40)).toEqual([]);
    expect(await app.inject({ method: 'GET', url: '/api/health' })).toHaveProperty(
      'statusCode',
      200,
    );
  });
});

describe('a client that never finishes its request', () => {
  const expect408 = (raw: string) => {
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(body!)).toEqual({
      error: 'request_timeout',
      message: 'The request took too long to arrive. Check the connection and send it again.',
    });
  };

  it('gets a 408 in the error shape, and its connection closed, when its body stalls', async () => {
    const client = await connect();
    const started = Date.now();
    client.socket.write(`${UPLOAD_HEAD}{"email":"a`);
    await client.closed;
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
    expect408(client.received());
  });

  it('is cut off even while it trickles its body a byte at a time', async () => {
    const client = await connect();
    const started = Date.now();
    client.socket.write(UPLOAD_HEAD);
    const trickle = setInterval(() => client.socket.writable && client.socket.write(' '), 100);
    await client.closed;
    clearInterval(trickle);
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
    expect408(client.received());
  });

  it('gets the same when its headers never finish', async () => {
    const client = await connect();
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    await client.closed;
    expect408(client.received());
  });

  it('leaves requests that arrive in time alone, however long the connection is kept', async () => {
    const client = await connect();
    for (let i = 0; i < 2; i++) {
      client.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await sleep(REQUEST_TIMEOUT_MS * 0.8);
    }
    expect(client.received().match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    expect(client.socket.destroyed).toBe(false);
    client.socket.destroy();
  });

  it('gets the same when it opens a connection and says nothing', async () => {
    const client = await connect();
    await client.closed;
    expect408(client.received());
  });

  it('has a connection closed once nothing moves on it, a response it does not read included', () => {
    // Node applies this to every socket once its request has arrived; a client that stops
    // reading its answer cannot be staged here (the kernel's buffers would take the whole answer).
    expect(app.server.timeout).toBe(CONNECTION_TIMEOUT_MS);
  });
});
