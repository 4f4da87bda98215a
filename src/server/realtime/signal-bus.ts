import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** One relayed signalling message, addressed to a visit's room. */
export interface SignalEnvelope {
  room: string;
  senderId: string;
  role: 'patient' | 'staff';
  message: unknown;
}

/** Carries envelopes between every app instance (and within this one). */
export interface SignalBus {
  publish(envelope: SignalEnvelope): Promise<void>;
  subscribe(handler: (envelope: SignalEnvelope) => void): () => void;
  close(): Promise<void>;
}

/** One process (the embedded database): an in-memory bus is all there is to cross. */
export function createMemoryBus(): SignalBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(envelope) {
      emitter.emit('signal', envelope);
    },
    subscribe(handler) {
      emitter.on('signal', handler);
      return () => emitter.off('signal', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'carebook_signal';
// NOTIFY payloads must stay under 8000 bytes; an SDP offer can exceed that, so it travels in parts.
const CHUNK = 3000;

interface Part {
  id: string;
  seq: number;
  total: number;
  data: string;
}

export interface ListenerRetry {
  /** Wait before the first reconnection attempt; it doubles after each failure. */
  minMs?: number;
  /** The longest wait between two attempts, however long the database stays away. */
  maxMs?: number;
}

/**
 * Crosses instances through PostgreSQL LISTEN/NOTIFY: one dedicated connection listens, and
 * reconnects by itself after the database restarts; publishing uses the shared pool.
 *
 * Exactly one connection listens at any time. A single loop owns it: it connects, waits for that
 * connection to end, and only then makes the next one, waiting longer after each failure. (Two
 * places that each scheduled a retry once doubled the listeners with every failed attempt: a
 * database down for twenty seconds left thousands of them, every message delivered many times,
 * and the server out of connections for everyone.)
 */
export async function createPostgresBus(
  url: string,
  pool: pg.Pool,
  log: { warn(obj: unknown, msg?: string): void },
  retry: ListenerRetry = {},
): Promise<SignalBus> {
  const minMs = retry.minMs ?? 500;
  const maxMs = retry.maxMs ?? 10_000;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const partial = new Map<string, { parts: string[]; received: number; at: number }>();
  let listener: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const part = JSON.parse(msg.payload) as Part;
      if (part.total === 1) return emitter.emit('signal', JSON.parse(part.data));
      const entry = partial.get(part.id) ?? {
        parts: new Array<string>(part.total),
        received: 0,
        at: Date.now(),
      };
      if (entry.parts[part.seq] === undefined) entry.received++;
      entry.parts[part.seq] = part.data;
      partial.set(part.id, entry);
      if (entry.received === part.total) {
        partial.delete(part.id);
        emitter.emit('signal', JSON.parse(entry.parts.join('')));
      }
      // Parts of a message whose sender died mid-way are dropped after a minute.
      for (const [id, e] of partial) if (Date.now() - e.at > 60_000) partial.delete(id);
    } catch (err) {
      log.warn({ err }, 'dropped a malformed signalling notification');
    }
  };

  // close() cuts a wait short, so shutdown never sits out a backoff.
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });

  let firstAttempt: () => void = () => {};
  const firstAttemptDone = new Promise<void>((resolve) => (firstAttempt = resolve));

  const keepListening = async () => {
    let failures = 0;
    while (!closed) {
      const client = new pg.Client({
        connectionString: url,
        application_name: 'carebook-signal',
        connectionTimeoutMillis: 5_000,
        // A peer that vanished without a word (a cut network) is noticed, not listened to forever.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
      listener = client;
      const ended = new Promise<void>((resolve) => client.once('end', resolve));
      client.on('error', (err) => log.warn({ err }, 'signalling listener lost its connection'));
      let listening = false;
      try {
        await client.connect();
        client.on('notification', onNotification);
        await client.query(`LISTEN ${CHANNEL}`);
        listening = true;
        failures = 0;
      } catch (err) {
        if (!closed) log.warn({ err }, 'signalling listener could not connect; retrying');
        await client.end().catch(() => {});
      }
      firstAttempt();
      if (listening) await ended;
      listener = undefined;
      if (closed) break;
      if (!listening) failures++;
      const backoff = failures ? Math.min(maxMs, minMs * 2 ** (failures - 1)) : minMs;
      // Instances that lost the database together do not all come back at the same instant.
      await pause(backoff * (1 + Math.random() * 0.2));
    }
  };
  const loop = keepListening();
  await firstAttemptDone;

  return {
    async publish(envelope) {
      const text = JSON.stringify(envelope);
      const id = randomUUID();
      const total = Math.max(1, Math.ceil(text.length / CHUNK));
      for (let seq = 0; seq < total; seq++) {
        const part: Part = { id, seq, total, data: text.slice(seq * CHUNK, (seq + 1) * CHUNK) };
        await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(part)]);
      }
    },
    subscribe(handler) {
      emitter.on('signal', handler);
      return () => emitter.off('signal', handler);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      wake?.();
      emitter.removeAllListeners();
      await listener?.end().catch(() => {});
      // A connection attempt to a host that does not answer at all ends only at its own
      // timeout; shutdown does not wait for it (the process is leaving anyway).
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([loop, new Promise((r) => (giveUp = setTimeout(r, 1_000)))]);
      clearTimeout(giveUp);
    },
  };
}
