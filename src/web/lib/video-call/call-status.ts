import type { MediaMode, MediaProblem } from './media';
import type { CallRole, SignallingStatus } from './signalling-client';

/**
 * - idle: nothing started; starting-media: waiting for the browser's camera/microphone prompt;
 * - media-problem: the devices were refused or missing, and the person must choose what next;
 * - in-call: in the visit's room (whatever the network is doing); left: they pressed Leave.
 */
export type CallPhase = 'idle' | 'starting-media' | 'media-problem' | 'in-call' | 'left';

export interface CallSnapshot {
  phase: CallPhase;
  mode: MediaMode;
  mediaProblem: MediaProblem | null;
  signalling: SignallingStatus;
  /** Why the server would not let us in (44xx close), in its words. */
  refusal: string | null;
  /** The other side is in the room, as far as the last signalling messages tell. */
  remotePresent: boolean;
  /** Who the server says is at the other end, once they have said anything. */
  remoteName: string | null;
  connection: RTCPeerConnectionState;
  hasMic: boolean;
  hasCamera: boolean;
  micOn: boolean;
  cameraOn: boolean;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
}

export const INITIAL_CALL_SNAPSHOT: CallSnapshot = {
  phase: 'idle',
  mode: 'camera',
  mediaProblem: null,
  signalling: 'idle',
  refusal: null,
  remotePresent: false,
  remoteName: null,
  connection: 'new',
  hasMic: false,
  hasCamera: false,
  micOn: false,
  cameraOn: false,
  localStream: null,
  remoteStream: null,
};

export type CallTone = 'neutral' | 'waiting' | 'live' | 'trouble' | 'error';

export interface CallStatus {
  text: string;
  tone: CallTone;
}

const WAITING: Record<CallRole, string> = {
  patient: 'Waiting for your provider to join…',
  staff: 'Waiting for the patient…',
};

/** The one line that tells a person where their call stands. */
export function describeCallStatus(
  snapshot: Pick<
    CallSnapshot,
    'phase' | 'mode' | 'mediaProblem' | 'signalling' | 'refusal' | 'remotePresent' | 'connection'
  > & { remoteName?: string | null },
  role: CallRole,
): CallStatus {
  switch (snapshot.phase) {
    case 'idle':
      return { text: 'Not in the visit', tone: 'neutral' };
    case 'left':
      return { text: 'You left the visit.', tone: 'neutral' };
    case 'starting-media':
      return {
        text:
          snapshot.mode === 'camera'
            ? 'Starting your camera and microphone…'
            : 'Starting your microphone…',
        tone: 'waiting',
      };
    case 'media-problem':
      return {
        text: snapshot.mediaProblem?.title ?? 'Your devices could not start',
        tone: 'error',
      };
    case 'in-call':
      break;
  }
  if (snapshot.signalling === 'refused') {
    return { text: snapshot.refusal ?? 'The visit could not be joined.', tone: 'error' };
  }
  // Media that flows is the truth, even while the signalling socket is being re-established.
  if (snapshot.connection === 'connected') return { text: 'Connected', tone: 'live' };
  if (snapshot.signalling === 'reconnecting') return { text: 'Reconnecting…', tone: 'trouble' };
  if (snapshot.signalling !== 'open') return { text: 'Connecting…', tone: 'waiting' };
  if (!snapshot.remotePresent) return { text: WAITING[role], tone: 'waiting' };
  if (snapshot.connection === 'disconnected' || snapshot.connection === 'failed') {
    return { text: 'Reconnecting…', tone: 'trouble' };
  }
  // Who answered, in the server's words: the patient knows before the picture arrives.
  if (snapshot.remoteName) return { text: `${snapshot.remoteName} joined`, tone: 'waiting' };
  return { text: 'Connecting…', tone: 'waiting' };
}
