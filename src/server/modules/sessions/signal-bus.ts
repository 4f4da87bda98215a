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

/**
 * Crosses instances through PostgreSQL LISTEN/NOTIFY: one dedicated connection listens, and
 * reconnects by itself after the database restarts; publishing uses the shared pool.
 */
export async function createPostgresBus(
  url: string,
  pool: pg.Pool,
  log: { warn(obj: unknown, msg?: string): void },
): Promise<SignalBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const partial = new Map<string, { parts: string[]; received: number; at: number }>();
  let listener: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

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

  const connect = async (delayMs = 0): Promise<void> => {
    if (closed) return;
    if (delayMs) await new Promise((r) => (retry = setTimeout(r, delayMs)));
    if (closed) return;
    const client = new pg.Client({ connectionString: url, application_name: 'carebook-signal' });
    client.on('error', (err) => log.warn({ err }, 'signalling listener lost its connection'));
    client.on('end', () => {
      if (!closed) void connect(1000);
    });
    try {
      await client.connect();
      client.on('notification', onNotification);
      await client.query(`LISTEN ${CHANNEL}`);
      listener = client;
    } catch (err) {
      log.warn({ err }, 'signalling listener could not connect; retrying');
      await client.end().catch(() => {});
      if (!closed) return connect(Math.min(Math.max(delayMs * 2, 1000), 15_000));
    }
  };
  await connect();

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
      if (retry) clearTimeout(retry);
      emitter.removeAllListeners();
      await listener?.end().catch(() => {});
    },
  };
}
