import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignalMessage } from '@contracts/session';
import { FakePeerConnection } from './testing/fake-peer-connection';
import type { MediaMode } from './media';
import type { ServerSignal, SignallingOptions } from './signalling-client';
import { DISCONNECTED_GRACE_MS, STUCK_CALL_MS, VideoCall } from './video-call';

class FakeSignalling {
  sent: SignalMessage[] = [];
  connected = 0;
  reconnects = 0;
  closed = false;
  constructor(readonly options: SignallingOptions) {}
  connect() {
    this.connected++;
    this.options.onStatus('connecting');
  }
  send(m: SignalMessage) {
    this.sent.push(m);
    return true;
  }
  reconnectNow() {
    this.reconnects++;
  }
  close() {
    this.closed = true;
    this.options.onStatus('closed');
  }
  // Test controls
  ready(role: 'patient' | 'staff') {
    this.options.onStatus('open');
    this.receive({ type: 'ready', role });
  }
  receive(m: ServerSignal) {
    this.options.onMessage(m);
  }
}

function track(kind: 'audio' | 'video') {
  return { kind, enabled: true, stop: vi.fn() } as unknown as MediaStreamTrack;
}
function stream(...kinds: Array<'audio' | 'video'>) {
  const tracks = kinds.map(track);
  return {
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
  } as unknown as MediaStream;
}

function setup(
  role: 'patient' | 'staff',
  getMedia: (mode: MediaMode) => Promise<MediaStream | null> = async () => stream('audio', 'video'),
) {
  const signals: FakeSignalling[] = [];
  const pcs: FakePeerConnection[] = [];
  const call = new VideoCall({
    role,
    signalUrl: 'ws://clinic.test/api/session/signal?token=t',
    iceServers: [],
    getMedia,
    createSignalling: (o) => {
      const s = new FakeSignalling(o);
      signals.push(s);
      return s;
    },
    createPeerConnection: (c) => {
      const pc = new FakePeerConnection(c);
      pcs.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
    windowTarget: { addEventListener: () => {}, removeEventListener: () => {} },
  });
  const signal = () => signals[signals.length - 1]!;
  const pc = () => pcs[pcs.length - 1]!;
  return { call, signal, pc, pcs, signals };
}

/** A call with its devices, in the room, its signalling open. */
async function inRoom(role: 'patient' | 'staff') {
  const started = setup(role);
  await started.call.start('camera');
  started.signal().ready(role);
  return started;
}

/** A call in the room that the other side has joined. */
async function withPeer(role: 'patient' | 'staff') {
  const joined = await inRoom(role);
  joined.signal().receive({ type: 'peer-joined', from: role === 'patient' ? 'staff' : 'patient' });
  return joined;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('VideoCall', () => {
  it('gets the devices, enters the room, and says hello once ready', async () => {
    const { call, signal, pc } = setup('patient');
    await call.start('camera');
    expect(call.getSnapshot()).toMatchObject({
      phase: 'in-call',
      hasMic: true,
      hasCamera: true,
      micOn: true,
      cameraOn: true,
    });
    expect(signal().connected).toBe(1);
    signal().ready('patient');
    expect(signal().sent).toContainEqual({ type: 'hello' });
    expect(pc().tracks).toEqual(['audio', 'video']);
    expect(call.getSnapshot()).toMatchObject({ signalling: 'open', remotePresent: false });
  });

  it('starts a fresh peer connection whenever the other side (re)joins', async () => {
    const { call, signal, pcs } = await withPeer('staff');
    expect(pcs).toHaveLength(2);
    expect(pcs[0]!.closed).toBe(true);
    expect(call.getSnapshot().remotePresent).toBe(true);
    // A hello from someone already known does not throw the connection away.
    signal().receive({ type: 'hello', from: 'patient' });
    expect(pcs).toHaveLength(2);
  });

  it('learns who answered from the server’s name on their messages', async () => {
    const { call, signal } = await inRoom('patient');
    expect(call.getSnapshot().remoteName).toBeNull();
    signal().receive({ type: 'peer-joined', from: 'staff', name: 'Dr. Jane Smith' });
    expect(call.getSnapshot()).toMatchObject({ remotePresent: true, remoteName: 'Dr. Jane Smith' });
  });

  it('ignores messages from another tab of its own side', async () => {
    const { call, signal, pcs } = await inRoom('staff');
    signal().receive({ type: 'peer-joined', from: 'staff' });
    expect(pcs).toHaveLength(1);
    expect(call.getSnapshot().remotePresent).toBe(false);
  });

  it('waits again when the other side says bye', async () => {
    const { call, signal, pc } = await withPeer('patient');
    pc().setConnectionState('connected');
    expect(call.getSnapshot().connection).toBe('connected');
    const connected = pc();
    signal().receive({ type: 'bye', from: 'staff' });
    expect(connected.closed).toBe(true);
    expect(call.getSnapshot()).toMatchObject({ remotePresent: false, connection: 'new' });
  });

  it('restarts ICE when the connection fails, and rejoins the room if that stalls', async () => {
    const { signal, pc } = await withPeer('patient');
    pc().setConnectionState('connected');
    pc().setConnectionState('failed');
    expect(pc().restarts).toBe(1);
    vi.advanceTimersByTime(STUCK_CALL_MS);
    expect(signal().reconnects).toBe(1);
  });

  it('gives a disconnected connection a moment to mend before restarting ICE', async () => {
    const { pc } = await withPeer('patient');
    pc().setConnectionState('disconnected');
    vi.advanceTimersByTime(DISCONNECTED_GRACE_MS - 1);
    expect(pc().restarts).toBe(0);
    pc().setConnectionState('connected');
    vi.advanceTimersByTime(STUCK_CALL_MS);
    expect(pc().restarts).toBe(0);
    pc().setConnectionState('disconnected');
    vi.advanceTimersByTime(DISCONNECTED_GRACE_MS);
    expect(pc().restarts).toBe(1);
  });

  it('leaves ICE restarts to the patient’s side; staff rejoin the room if the call stays down', async () => {
    const { signal, pc } = await withPeer('staff');
    pc().setConnectionState('failed');
    expect(pc().restarts).toBe(0);
    vi.advanceTimersByTime(STUCK_CALL_MS);
    expect(signal().reconnects).toBe(1);
  });

  it('mutes and turns the camera off on the tracks themselves', async () => {
    const { call } = setup('patient');
    await call.start('camera');
    call.toggleMic();
    call.toggleCamera();
    const s = call.getSnapshot();
    expect(s).toMatchObject({ micOn: false, cameraOn: false });
    expect(s.localStream!.getAudioTracks()[0]!.enabled).toBe(false);
    expect(s.localStream!.getVideoTracks()[0]!.enabled).toBe(false);
  });

  it('says bye, closes everything and releases the devices on leave', async () => {
    const { call, signal, pc } = setup('patient');
    await call.start('camera');
    const devices = call.getSnapshot().localStream!.getTracks();
    signal().ready('patient');
    call.leave();
    expect(signal().sent.at(-1)).toEqual({ type: 'bye' });
    expect(signal().closed).toBe(true);
    expect(pc().closed).toBe(true);
    for (const t of devices) expect(t.stop).toHaveBeenCalled();
    expect(call.getSnapshot()).toMatchObject({ phase: 'left', localStream: null });
  });

  it('shows a media problem with fallbacks, and joins without devices when asked', async () => {
    const denied = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    const getMedia = vi.fn(async (mode: MediaMode) => {
      if (mode === 'none') return null;
      throw denied;
    });
    const { call, signals } = setup('patient', getMedia);
    await call.start('camera');
    expect(call.getSnapshot()).toMatchObject({ phase: 'media-problem' });
    // Blocked, with nothing known about the microphone: the microphone alone would fail too.
    expect(call.getSnapshot().mediaProblem?.fallbacks).toEqual(['none']);
    expect(signals).toHaveLength(0);
    await call.start('none');
    expect(call.getSnapshot()).toMatchObject({ phase: 'in-call', hasMic: false, hasCamera: false });
    expect(signals).toHaveLength(1);
  });

  it('shows a refusal and drops the peer connection', async () => {
    const { call, signal, pc } = await inRoom('patient');
    signal().options.onStatus('refused', 'The visit is not open.');
    expect(call.getSnapshot()).toMatchObject({
      signalling: 'refused',
      refusal: 'The visit is not open.',
    });
    expect(pc().closed).toBe(true);
    // Refused is the end of it: the camera light goes off.
    expect(call.getSnapshot()).toMatchObject({ localStream: null, hasCamera: false });
  });

  it('lets go of devices that arrive after it was disposed', async () => {
    let resolve!: (s: MediaStream) => void;
    const late = stream('audio', 'video');
    const { call, signals } = setup('staff', () => new Promise((r) => (resolve = r)));
    const started = call.start('camera');
    call.dispose();
    resolve(late);
    await started;
    for (const t of late.getTracks()) expect(t.stop).toHaveBeenCalled();
    expect(signals).toHaveLength(0);
  });
});
