import type { SignalMessage } from '@contracts/session';
import { INITIAL_CALL_SNAPSHOT, type CallSnapshot } from './call-status';
import { acquireMedia, describeMediaProblem, MediaUnavailableError, type MediaMode } from './media';
import { PeerLeg, type PeerLegOptions } from './peer-leg';
import {
  SignallingClient,
  type CallRole,
  type ServerSignal,
  type SignallingOptions,
  type SignallingStatus,
} from './signalling-client';

/** How long a broken connection may try to mend itself before we restart ICE. */
export const DISCONNECTED_GRACE_MS = 2_500;
/** After an ICE restart, how long before we give up on it and rejoin the signalling room. */
export const STUCK_CALL_MS = 12_000;

interface Signalling {
  connect(): void;
  send(message: SignalMessage): boolean;
  reconnectNow(): void;
  close(): void;
}

export interface VideoCallOptions {
  role: CallRole;
  signalUrl: string;
  iceServers: RTCIceServer[];
  // Seams for tests; the browser's own otherwise.
  getMedia?: (mode: MediaMode) => Promise<MediaStream | null>;
  createSignalling?: (options: SignallingOptions) => Signalling;
  createPeerConnection?: PeerLegOptions['createPeerConnection'];
  windowTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * One person's side of a visit: their camera and microphone, the signalling socket, and the
 * peer connection to the other side. Framework-free; React reads it through `useVideoCall`.
 *
 * Every time either side (re)enters the signalling room — first join, page reload, socket
 * reconnect — both sides throw the old peer connection away and negotiate a new one: the
 * newcomer on `ready`, the one already there on `peer-joined`. A network change that leaves the
 * socket up is mended with an ICE restart instead, and if that stalls, by rejoining the room.
 */
export class VideoCall {
  private snapshot: CallSnapshot = INITIAL_CALL_SNAPSHOT;
  private readonly listeners = new Set<() => void>();
  private readonly options: VideoCallOptions;
  private signalling: Signalling | null = null;
  private leg: PeerLeg | null = null;
  private localStream: MediaStream | null = null;
  private startCount = 0;
  private disposed = false;
  private graceTimer: ReturnType<typeof setTimeout> | null = null;
  private stuckTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly windowTarget: VideoCallOptions['windowTarget'];

  constructor(options: VideoCallOptions) {
    this.options = options;
    this.windowTarget =
      options.windowTarget ?? (typeof window === 'undefined' ? undefined : window);
  }

  get role(): CallRole {
    return this.options.role;
  }

  /** The patient's side offers first and restarts ICE; staff answer (PeerLegOptions.polite). */
  private get leads(): boolean {
    return this.options.role === 'patient';
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallSnapshot => this.snapshot;

  /** Gets the devices `mode` needs, then enters the visit's room. Safe to call again to retry. */
  async start(mode: MediaMode = 'camera'): Promise<void> {
    if (this.disposed) return;
    const run = ++this.startCount;
    this.stopLocalMedia();
    this.update({
      phase: mode === 'none' ? 'in-call' : 'starting-media',
      mode,
      mediaProblem: null,
      refusal: null,
    });
    const getMedia = this.options.getMedia ?? acquireMedia;
    let stream: MediaStream | null;
    try {
      stream = await getMedia(mode);
    } catch (error) {
      if (run !== this.startCount || this.disposed) return;
      const problem =
        error instanceof MediaUnavailableError ? error.problem : describeMediaProblem(error, mode);
      this.update({ phase: 'media-problem', mediaProblem: problem });
      return;
    }
    if (run !== this.startCount || this.disposed) {
      stream?.getTracks().forEach((t) => t.stop());
      return;
    }
    this.localStream = stream;
    const hasMic = (stream?.getAudioTracks().length ?? 0) > 0;
    const hasCamera = (stream?.getVideoTracks().length ?? 0) > 0;
    this.update({
      phase: 'in-call',
      localStream: stream,
      hasMic,
      hasCamera,
      micOn: hasMic,
      cameraOn: hasCamera,
    });
    this.joinRoom();
  }

  toggleMic(): void {
    const track = this.localStream?.getAudioTracks()[0];
    if (!track) return;
    track.enabled = !track.enabled;
    this.update({ micOn: track.enabled });
  }

  /** Camera off sends black frames on the same track, so turning it back on needs no renegotiation. */
  toggleCamera(): void {
    const track = this.localStream?.getVideoTracks()[0];
    if (!track) return;
    track.enabled = !track.enabled;
    this.update({ cameraOn: track.enabled });
  }

  /** Says goodbye so the other side stops waiting for us, and lets go of the devices. */
  leave(): void {
    this.teardown();
    this.update({ ...INITIAL_CALL_SNAPSHOT, phase: 'left', mode: this.snapshot.mode });
  }

  dispose(): void {
    if (this.disposed) return;
    this.teardown();
    this.disposed = true;
    this.listeners.clear();
  }

  private teardown() {
    this.startCount++;
    this.signalling?.send({ type: 'bye' });
    this.closeLeg();
    this.signalling?.close();
    this.signalling = null;
    this.stopLocalMedia();
    this.windowTarget?.removeEventListener('online', this.onOnline);
    this.windowTarget?.removeEventListener('pagehide', this.onPageHide);
  }

  private joinRoom() {
    this.signalling?.close();
    const create = this.options.createSignalling ?? ((o) => new SignallingClient(o));
    const signalling = create({
      url: this.options.signalUrl,
      onMessage: (message) => {
        if (this.signalling === signalling) this.onSignal(message);
      },
      onStatus: (status, refusal) => {
        if (this.signalling === signalling) this.onSignallingStatus(status, refusal);
      },
    });
    this.signalling = signalling;
    this.windowTarget?.addEventListener('online', this.onOnline);
    this.windowTarget?.addEventListener('pagehide', this.onPageHide);
    signalling.connect();
  }

  private onOnline = () => {
    // Back on the network: no point waiting out the backoff, nor for ICE to notice.
    if (this.snapshot.signalling === 'reconnecting') this.signalling?.reconnectNow();
    else if (this.snapshot.connection !== 'connected' && this.leads) this.leg?.restartIce();
  };

  private onPageHide = () => {
    this.signalling?.send({ type: 'bye' });
  };

  private onSignallingStatus(status: SignallingStatus, refusal?: string) {
    this.update({ signalling: status, refusal: refusal ?? null });
    if (status === 'refused') {
      // Not let in, and not retrying: the camera and microphone have nothing left to do.
      this.closeLeg();
      this.stopLocalMedia();
    }
  }

  private onSignal(message: ServerSignal) {
    if (message.type === 'ready') {
      // We are (back) in the room: start afresh and tell anyone there we are here.
      this.update({ remotePresent: false });
      this.newLeg();
      this.send({ type: 'hello' });
      return;
    }
    if (message.type === 'error') {
      console.warn('video call: the server said', message.message);
      return;
    }
    // Another tab of our own side in the same visit: not the person we are calling.
    if (message.from === this.options.role) return;
    if (message.name && message.name !== this.snapshot.remoteName) {
      this.update({ remoteName: message.name });
    }
    switch (message.type) {
      case 'peer-joined':
        this.update({ remotePresent: true });
        this.newLeg();
        break;
      case 'hello':
        this.update({ remotePresent: true });
        if (!this.leg) this.newLeg();
        break;
      case 'peer-left':
        this.update({ remotePresent: false });
        break;
      case 'bye':
        this.closeLeg();
        this.update({ remotePresent: false });
        break;
      case 'description':
        this.update({ remotePresent: true });
        if (!this.leg) this.newLeg();
        void this.leg?.handleDescription(message.description);
        break;
      case 'candidate':
        this.leg?.handleCandidate(message.candidate);
        break;
    }
  }

  private send(message: SignalMessage) {
    this.signalling?.send(message);
  }

  private newLeg() {
    this.closeLeg();
    const leg: PeerLeg = new PeerLeg({
      polite: !this.leads,
      iceServers: this.options.iceServers,
      localStream: this.localStream,
      createPeerConnection: this.options.createPeerConnection,
      send: (message) => this.send(message),
      onRemoteStream: (stream) => {
        if (this.leg === leg) this.update({ remoteStream: stream });
      },
      onConnectionState: (state) => {
        if (this.leg === leg) this.onConnectionState(leg, state);
      },
    });
    this.leg = leg;
    this.update({ connection: 'new', remoteStream: null });
  }

  private closeLeg() {
    this.clearRecoveryTimers();
    this.leg?.close();
    this.leg = null;
    if (this.snapshot.remoteStream || this.snapshot.connection !== 'new') {
      this.update({ remoteStream: null, connection: 'new' });
    }
  }

  private onConnectionState(leg: PeerLeg, state: RTCPeerConnectionState) {
    this.update({ connection: state });
    if (state === 'connected') {
      this.clearRecoveryTimers();
      return;
    }
    if (state === 'disconnected' && !this.graceTimer) {
      // Often a blip that mends itself within a second or two; restart ICE if it does not.
      this.graceTimer = setTimeout(() => {
        this.graceTimer = null;
        if (this.leg === leg && leg.pc.connectionState !== 'connected') this.restart(leg);
      }, DISCONNECTED_GRACE_MS);
    }
    if (state === 'failed') this.restart(leg);
  }

  private restart(leg: PeerLeg) {
    if (this.snapshot.signalling !== 'open' || !this.snapshot.remotePresent) return;
    // The side that leads negotiation restarts ICE and the other answers, so the two never
    // restart at once (see PeerLegOptions.polite for why collisions are worth avoiding).
    if (this.leads) leg.restartIce();
    if (this.stuckTimer) return;
    this.stuckTimer = setTimeout(() => {
      this.stuckTimer = null;
      // The socket may look open yet be dead: rejoining the room renegotiates from scratch.
      if (this.leg === leg && leg.pc.connectionState !== 'connected') {
        this.signalling?.reconnectNow();
      }
    }, STUCK_CALL_MS);
  }

  private clearRecoveryTimers() {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    if (this.stuckTimer) clearTimeout(this.stuckTimer);
    this.graceTimer = null;
    this.stuckTimer = null;
  }

  private stopLocalMedia() {
    this.localStream?.getTracks().forEach((t) => t.stop());
    this.localStream = null;
    if (this.snapshot.localStream) {
      this.update({
        localStream: null,
        hasMic: false,
        hasCamera: false,
        micOn: false,
        cameraOn: false,
      });
    }
  }

  private update(patch: Partial<CallSnapshot>) {
    if (this.disposed) return;
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
