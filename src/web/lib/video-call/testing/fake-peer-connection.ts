// Test double for RTCPeerConnection: the signalling state machine of the spec (implicit offer,
// answer and rollback) without any media, so negotiation logic can run in Node.

let nextId = 0;

export class FakePeerConnection {
  readonly id = ++nextId;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  readonly tracks: string[] = [];
  readonly transceivers: string[] = [];
  readonly candidates: RTCIceCandidateInit[] = [];
  restarts = 0;
  closed = false;
  ontrack: ((e: { streams: MediaStream[] }) => void) | null = null;
  onicecandidate: ((e: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null =
    null;
  onnegotiationneeded: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;

  constructor(readonly config: RTCConfiguration) {}

  addTrack(track: MediaStreamTrack) {
    this.tracks.push(track.kind);
  }
  addTransceiver(kind: string, init: RTCRtpTransceiverInit) {
    this.transceivers.push(`${kind}:${init.direction}`);
  }
  restartIce() {
    this.restarts++;
  }
  close() {
    this.closed = true;
    this.signalingState = 'closed';
  }

  async setLocalDescription() {
    await Promise.resolve();
    if (this.signalingState === 'stable') {
      this.localDescription = { type: 'offer', sdp: `offer-from-${this.id}` };
      this.signalingState = 'have-local-offer';
    } else if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: `answer-from-${this.id}` };
      this.signalingState = 'stable';
    } else {
      throw new DOMException(`setLocalDescription in ${this.signalingState}`, 'InvalidStateError');
    }
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    await Promise.resolve();
    if (description.type === 'offer') {
      if (this.signalingState === 'have-local-offer')
        this.localDescription = null; // rollback
      else if (this.signalingState !== 'stable') {
        throw new DOMException(`offer in ${this.signalingState}`, 'InvalidStateError');
      }
      this.remoteDescription = description;
      this.signalingState = 'have-remote-offer';
    } else if (description.type === 'answer') {
      if (this.signalingState !== 'have-local-offer') {
        throw new DOMException(`answer in ${this.signalingState}`, 'InvalidStateError');
      }
      this.remoteDescription = description;
      this.signalingState = 'stable';
    }
  }

  async addIceCandidate(candidate: RTCIceCandidateInit) {
    if (!this.remoteDescription)
      throw new DOMException('no remote description', 'InvalidStateError');
    this.candidates.push(candidate);
  }

  /** Test control: the browser's ICE agent changed its mind about the connection. */
  setConnectionState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}
