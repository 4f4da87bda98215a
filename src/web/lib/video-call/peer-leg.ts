import type { SignalMessage } from '@contracts/session';

export interface PeerLegOptions {
  /**
   * Perfect negotiation: when both sides offer at once, the polite side gives way (rolls back
   * and answers) and the impolite side ignores the other offer. Staff are polite and the patient
   * is impolite.
   *
   * Beyond that, the impolite side leads: it offers as soon as a leg starts, asking for audio and
   * video whether or not it has devices, while the polite side adds its camera and microphone
   * only when that first offer arrives (they take the media sections the offer created). So a new
   * leg has one offer and no collision. That matters: Chrome gathers no ICE candidates for an
   * answer made just after rolling back an offer of its own that was still gathering, and such a
   * call never connects (seen in the browser tests when both sides joined within a few ms).
   * Collisions can still happen later (ICE restarts), and the rules above settle them.
   */
  polite: boolean;
  iceServers: RTCIceServer[];
  localStream: MediaStream | null;
  send(message: SignalMessage): void;
  onRemoteStream(stream: MediaStream): void;
  onConnectionState(state: RTCPeerConnectionState): void;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
}

/** The parts of a description the server relays; the browser's object does not survive JSON. */
function plain(description: RTCSessionDescription | null): RTCSessionDescriptionInit | null {
  return description ? { type: description.type, sdp: description.sdp } : null;
}

/**
 * One negotiation between the two browsers: an RTCPeerConnection plus the "perfect negotiation"
 * bookkeeping (https://w3c.github.io/webrtc-pc/#perfect-negotiation-example), with trickle ICE.
 * A new leg replaces the old one whenever either side (re)joins the signalling room, so an old
 * leg's late messages can only fail harmlessly.
 */
export class PeerLeg {
  readonly pc: RTCPeerConnection;
  private makingOffer = false;
  private ignoreOffer = false;
  private settingRemoteAnswer = false;
  private closed = false;
  /** The polite side's devices, waiting for the first offer. */
  private unattached: MediaStream | null = null;
  /** Candidates that arrived before the description they belong to (relays may reorder). */
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly options: PeerLegOptions;

  constructor(options: PeerLegOptions) {
    this.options = options;
    const create = options.createPeerConnection ?? ((c) => new RTCPeerConnection(c));
    const pc = create({ iceServers: options.iceServers });
    this.pc = pc;

    const stream = options.localStream;
    if (options.polite) {
      this.unattached = stream;
    } else {
      for (const kind of ['audio', 'video'] as const) {
        const track = stream?.getTracks().find((t) => t.kind === kind);
        if (track && stream) pc.addTrack(track, stream);
        else pc.addTransceiver(kind, { direction: 'recvonly' });
      }
    }

    pc.ontrack = ({ streams }) => {
      // Tracks the other side really sends come with its stream; receive-only sections do not.
      const remote = streams[0];
      if (remote && !this.closed) options.onRemoteStream(remote);
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate && !this.closed)
        options.send({ type: 'candidate', candidate: candidate.toJSON() });
    };
    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        const description = plain(pc.localDescription);
        if (description && !this.closed)
          options.send({ type: 'description', description: description as DescriptionOut });
      } catch (error) {
        if (!this.closed) console.warn('video call: could not make an offer', error);
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onconnectionstatechange = () => {
      if (!this.closed) options.onConnectionState(pc.connectionState);
    };
  }

  /** Descriptions are applied one at a time, in arrival order. */
  handleDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.queue = this.queue
      .then(() => this.applyDescription(description))
      .catch((error: unknown) => {
        if (!this.closed) console.warn('video call: could not apply a description', error);
      });
    return this.queue;
  }

  handleCandidate(candidate: RTCIceCandidateInit | null): void {
    if (!candidate || this.closed) return;
    if (!this.pc.remoteDescription) {
      this.pendingCandidates.push(candidate);
      return;
    }
    this.addCandidate(candidate);
  }

  /** New ICE credentials and a fresh offer: the way back after the network path broke. */
  restartIce(): void {
    if (this.closed || this.pc.signalingState === 'closed') return;
    this.pc.restartIce();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    const pc = this.pc;
    pc.ontrack = null;
    pc.onicecandidate = null;
    pc.onnegotiationneeded = null;
    pc.onconnectionstatechange = null;
    pc.close();
  }

  private async applyDescription(description: RTCSessionDescriptionInit) {
    if (this.closed) return;
    const pc = this.pc;
    const readyForOffer =
      !this.makingOffer && (pc.signalingState === 'stable' || this.settingRemoteAnswer);
    const offerCollision = description.type === 'offer' && !readyForOffer;
    this.ignoreOffer = !this.options.polite && offerCollision;
    if (this.ignoreOffer) return;
    // An answer to an offer we already rolled back (or never made on this leg) is stale.
    if (description.type === 'answer' && pc.signalingState !== 'have-local-offer') return;

    this.settingRemoteAnswer = description.type === 'answer';
    try {
      // In have-local-offer, an incoming offer rolls ours back implicitly (the polite side).
      await pc.setRemoteDescription(description);
    } finally {
      this.settingRemoteAnswer = false;
    }
    const waiting = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const candidate of waiting) this.addCandidate(candidate);

    if (description.type === 'offer') {
      this.attachLocalMedia();
      await pc.setLocalDescription();
      const answer = plain(pc.localDescription);
      if (answer && !this.closed)
        this.options.send({ type: 'description', description: answer as DescriptionOut });
    }
  }

  /**
   * The polite side's tracks, added once the first offer is applied: addTrack then reuses the
   * audio and video transceivers the offer created, so the answer sends on them and no second
   * negotiation is needed.
   */
  private attachLocalMedia() {
    const stream = this.unattached;
    this.unattached = null;
    for (const track of stream?.getTracks() ?? []) this.pc.addTrack(track, stream!);
  }

  private addCandidate(candidate: RTCIceCandidateInit) {
    this.pc.addIceCandidate(candidate).catch((error: unknown) => {
      // Candidates of an offer we ignored, or of a leg that has since been replaced.
      if (!this.ignoreOffer && !this.closed)
        console.warn('video call: a candidate did not apply', error);
    });
  }
}

type DescriptionOut = Extract<SignalMessage, { type: 'description' }>['description'];
