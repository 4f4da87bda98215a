import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

/** What the receiver does with the nth request (1-based): answer with a status, or never answer. */
export type ReceiverBehaviour = (n: number) => number | 'hang';

/**
 * A real HTTP server that keeps every webhook it receives and answers as the test says: a status
 * code, or nothing at all (a receiver that hangs until the sender gives up).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const sockets = new Set<Socket>();
  let behaviour: ReceiverBehaviour = () => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v!]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = behaviour(received.length);
      if (answer !== 'hang') res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answer(next: ReceiverBehaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
