import { describe, expect, it } from 'vitest';
import {
  isRefusal,
  refusalMessage,
  signalUrl,
  callWindowId,
  SignallingClient,
  type ServerSignal,
  type SignallingStatus,
} from './signalling-client';

/** Just enough of a browser WebSocket to drive the client by hand. */
class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  closedWith: [number?, string?] | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number, reason?: string) {
    this.closedWith = [code, reason];
    this.readyState = 3;
  }
  // Test controls
  open() {
    this.readyState = 1;
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const statuses: Array<[SignallingStatus, string | undefined]> = [];
  const messages: ServerSignal[] = [];
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const client = new SignallingClient({
    url: 'ws://clinic.test/api/session/signal?token=abc',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s as unknown as WebSocket;
    },
    onMessage: (m) => messages.push(m),
    onStatus: (s, r) => statuses.push([s, r]),
    random: () => 1,
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => void ((t as { cleared: boolean }).cleared = true),
  });
  const last = () => sockets[sockets.length - 1]!;
  const fire = () => {
    const t = timers.find((x) => !x.cleared);
    if (!t) throw new Error('no timer pending');
    t.cleared = true;
    t.fn();
  };
  return { client, sockets, statuses, messages, timers, last, fire };
}

describe('SignallingClient', () => {
  it('is open once the server says ready, and only then sends', () => {
    const { client, last, statuses, messages } = setup();
    client.connect();
    expect(statuses.at(-1)![0]).toBe('connecting');
    last().open();
    expect(client.send({ type: 'hello' })).toBe(false);
    last().receive({ type: 'ready', role: 'patient' });
    expect(statuses.at(-1)![0]).toBe('open');
    expect(messages).toEqual([{ type: 'ready', role: 'patient' }]);
    expect(client.send({ type: 'hello' })).toBe(true);
    expect(last().sent).toEqual(['{"type":"hello"}']);
  });

  it('reconnects after a drop with growing waits, and starts over after ready', () => {
    const { client, sockets, last, timers, fire, statuses } = setup();
    client.connect();
    last().open();
    last().receive({ type: 'ready', role: 'staff' });
    last().drop();
    expect(statuses.at(-1)![0]).toBe('reconnecting');
    expect(timers.map((t) => t.ms)).toEqual([500]);
    fire();
    expect(sockets).toHaveLength(2);
    last().drop();
    fire();
    last().drop();
    expect(timers.map((t) => t.ms)).toEqual([500, 1000, 2000]);
    fire();
    last().open();
    last().receive({ type: 'ready', role: 'staff' });
    last().drop();
    expect(timers.at(-1)!.ms).toBe(500);
  });

  it('does not retry when the server refuses (44xx), and says why', () => {
    const { client, last, timers, statuses } = setup();
    client.connect();
    last().drop(4409, 'The visit is not open.');
    expect(statuses.at(-1)).toEqual(['refused', 'The visit is not open.']);
    expect(timers).toHaveLength(0);
  });

  it('stops for good when closed by us, ignoring the old socket', () => {
    const { client, sockets, last, timers, statuses } = setup();
    client.connect();
    const socket = last();
    client.close();
    expect(socket.closedWith).toEqual([1000, 'left']);
    socket.drop();
    expect(timers).toHaveLength(0);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)![0]).toBe('closed');
  });

  it('reconnects at once when asked, cancelling a pending wait', () => {
    const { client, sockets, last, timers } = setup();
    client.connect();
    last().drop();
    client.reconnectNow();
    expect(timers[0]!.cleared).toBe(true);
    expect(sockets).toHaveLength(2);
  });

  it('ignores frames that are not JSON', () => {
    const { client, last, messages } = setup();
    client.connect();
    last().onmessage?.({ data: 'not json' } as MessageEvent);
    expect(messages).toEqual([]);
  });
});

describe('helpers', () => {
  it('builds the socket URL on the page origin, ws or wss', () => {
    expect(
      signalUrl({ token: 'a b' }, { protocol: 'http:', host: 'localhost:3000' }, 'tab12345'),
    ).toBe('ws://localhost:3000/api/session/signal?token=a%20b&client=tab12345');
    expect(
      signalUrl({ appointmentId: 'x1' }, { protocol: 'https:', host: 'c.test' }, 'tab12345'),
    ).toBe('wss://c.test/api/session/signal?appointmentId=x1&client=tab12345');
  });

  it('names this tab the same way every time, reloads included', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const id = callWindowId(storage);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(callWindowId(storage)).toBe(id);
    store.set('carebook.call-window', 'another-tab-id');
    expect(callWindowId(storage)).toBe('another-tab-id');
  });

  it('knows a refusal and words one when the server gave no reason', () => {
    expect(isRefusal(4404)).toBe(true);
    expect(isRefusal(4500)).toBe(false);
    expect(isRefusal(1006)).toBe(false);
    expect(refusalMessage(4401, '')).toMatch(/Sign in again/);
    expect(refusalMessage(4409, ' Not open. ')).toBe('Not open.');
  });
});
