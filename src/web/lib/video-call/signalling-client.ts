import type { SignalMessage } from '@contracts/session';
import { reconnectDelay, SIGNAL_RECONNECT_BACKOFF, type BackoffOptions } from './backoff';

export type CallRole = 'patient' | 'staff';

/**
 * What the server sends: its own notices, and the other side's messages with `from` added and
 * `name`, the server's word for who sent them (the staff member's name, the patient's first).
 */
export type ServerSignal =
  | { type: 'ready'; role: CallRole }
  | { type: 'error'; message: string }
  | (Named &
      (
        | { type: 'peer-joined'; from: CallRole }
        | { type: 'peer-left'; from: CallRole }
        | { type: 'hello'; from: CallRole }
        | { type: 'bye'; from: CallRole }
        | { type: 'description'; from: CallRole; description: RTCSessionDescriptionInit }
        | { type: 'candidate'; from: CallRole; candidate: RTCIceCandidateInit | null }
      ));

interface Named {
  name?: string;
}

/**
 * - connecting: the first attempt; reconnecting: a later one, after the socket dropped;
 * - open: the server said `ready`; refused: it closed with a 44xx code and will not let us in;
 * - closed: we closed it ourselves.
 */
export type SignallingStatus =
  'idle' | 'connecting' | 'open' | 'reconnecting' | 'refused' | 'closed';

export interface SignallingCallbacks {
  onMessage(message: ServerSignal): void;
  onStatus(status: SignallingStatus, refusal?: string): void;
}

export interface SignallingOptions extends SignallingCallbacks {
  url: string;
  backoff?: BackoffOptions;
  /** Injected in tests; the browser's otherwise. */
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Close codes 4400–4499 are the server's "no": retrying would only be refused again. */
export function isRefusal(code: number): boolean {
  return code >= 4400 && code < 4500;
}

/** A readable sentence for a refusal, preferring the server's own words. */
export function refusalMessage(code: number, reason: string): string {
  if (reason.trim()) return reason.trim();
  switch (code) {
    case 4401:
      return 'Your sign-in has ended. Sign in again to join the visit.';
    case 4403:
      return 'This page may not join the visit.';
    case 4404:
      return 'This visit link is not valid. Please use the link in the latest message from your clinic.';
    case 4409:
      return 'The visit is not open.';
    default:
      return 'The visit could not be joined.';
  }
}

const WINDOW_ID_KEY = 'carebook.call-window';
let pageWindowId: string | undefined;

/**
 * This tab's name for the server, kept across reloads (sessionStorage): its own reconnection
 * takes back its place in the visit, where another window would be refused as a third person.
 */
export function callWindowId(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = sessionStorageOrNothing(),
): string {
  const stored = storage?.getItem(WINDOW_ID_KEY);
  if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
  // getRandomValues, not randomUUID: the latter is missing on plain http (a clinic's own network).
  const id =
    pageWindowId ??
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
  pageWindowId = id;
  try {
    storage?.setItem(WINDOW_ID_KEY, id);
  } catch {
    // Storage full or forbidden: this page load keeps its id, a reload gets a new one.
  }
  return id;
}

function sessionStorageOrNothing(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The visit's signalling socket URL on this page's own origin. */
export function signalUrl(
  target: { token: string } | { appointmentId: string },
  location: Pick<Location, 'protocol' | 'host'> = window.location,
  windowId: string = callWindowId(),
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query =
    'token' in target
      ? `token=${encodeURIComponent(target.token)}`
      : `appointmentId=${encodeURIComponent(target.appointmentId)}`;
  return `${scheme}//${location.host}/api/session/signal?${query}&client=${windowId}`;
}

/**
 * The signalling WebSocket, kept open through network blips: when it drops it reconnects with
 * growing, jittered waits until the server answers `ready` again or refuses us (44xx).
 * Messages sent while it is down are dropped on purpose: the call starts a fresh negotiation
 * on every (re)connection, so nothing stale is worth replaying.
 */
export class SignallingClient {
  private socket: WebSocket | null = null;
  /** The server has said `ready` on the current socket: only then is it in the visit's room. */
  private ready = false;
  private hasBeenOpen = false;
  private attempt = 0;
  private timer: unknown = null;
  private stopped = false;
  private readonly options: SignallingOptions;

  constructor(options: SignallingOptions) {
    this.options = options;
  }

  connect(): void {
    this.stopped = false;
    this.open();
  }

  /** Sends if the server has said `ready`; returns whether it went out. */
  send(message: SignalMessage): boolean {
    const socket = this.socket;
    if (!socket || !this.ready || socket.readyState !== 1 /* OPEN */) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  /** Drops the current socket (if any) and connects again now: after `online`, or a stuck call. */
  reconnectNow(): void {
    if (this.stopped) return;
    this.clearTimer();
    this.detach()?.close(1000, 'reconnecting');
    this.open();
  }

  close(): void {
    this.stopped = true;
    this.clearTimer();
    this.detach()?.close(1000, 'left');
    this.options.onStatus('closed');
  }

  private open() {
    const { createSocket = (url: string) => new WebSocket(url) } = this.options;
    this.options.onStatus(this.hasBeenOpen || this.attempt > 0 ? 'reconnecting' : 'connecting');
    let socket: WebSocket;
    try {
      socket = createSocket(this.options.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onmessage = (event: MessageEvent) => {
      if (socket !== this.socket) return;
      let message: ServerSignal;
      try {
        message = JSON.parse(String(event.data)) as ServerSignal;
      } catch {
        return;
      }
      if (message.type === 'ready') {
        this.ready = true;
        this.hasBeenOpen = true;
        this.attempt = 0;
        this.options.onStatus('open');
      }
      this.options.onMessage(message);
    };
    socket.onclose = (event: CloseEvent) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.ready = false;
      if (this.stopped) return;
      if (isRefusal(event.code)) {
        this.stopped = true;
        this.options.onStatus('refused', refusalMessage(event.code, event.reason));
        return;
      }
      this.scheduleRetry();
    };
    // An error is always followed by close, which decides what happens next.
    socket.onerror = () => {};
  }

  private scheduleRetry() {
    const {
      backoff = SIGNAL_RECONNECT_BACKOFF,
      random = Math.random,
      setTimer = (fn: () => void, ms: number) => setTimeout(fn, ms),
    } = this.options;
    const delay = reconnectDelay(this.attempt, backoff, random);
    this.attempt += 1;
    this.options.onStatus('reconnecting');
    this.timer = setTimer(() => {
      this.timer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private clearTimer() {
    if (this.timer === null) return;
    const { clearTimer = (handle: unknown) => clearTimeout(handle as number) } = this.options;
    clearTimer(this.timer);
    this.timer = null;
  }

  private detach(): WebSocket | null {
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    if (socket) {
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
    }
    return socket;
  }
}
