/** What the person chose to share: camera and microphone, the microphone only, or nothing. */
export type MediaMode = 'camera' | 'audio' | 'none';

export type MediaProblemKind = 'denied' | 'missing' | 'busy' | 'unsupported' | 'other';

export interface MediaProblem {
  kind: MediaProblemKind;
  title: string;
  message: string;
  /** Modes worth offering next, best first; "try again" with the same mode is always offered. */
  fallbacks: MediaMode[];
}

const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true },
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
};
const AUDIO_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true },
};

const nextModes = (mode: MediaMode): MediaMode[] =>
  mode === 'camera' ? ['audio', 'none'] : mode === 'audio' ? ['none'] : [];

/** Turns a getUserMedia failure into words a patient can act on, and what to offer instead. */
export function describeMediaProblem(error: unknown, mode: MediaMode): MediaProblem {
  const name = error instanceof Error || isDomError(error) ? (error as { name: string }).name : '';
  const devices = mode === 'camera' ? 'camera and microphone' : 'microphone';
  const them = mode === 'camera' ? 'them' : 'it';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return {
        kind: 'denied',
        title: `Your ${devices} ${mode === 'camera' ? 'are' : 'is'} blocked`,
        message:
          `This browser is not allowing the visit to use your ${devices}. To be seen and heard, ` +
          `allow ${them} in the site settings (the icon beside the address bar), then try again. ` +
          `You can also join without ${them} and still see and hear the other person.`,
        fallbacks: nextModes(mode),
      };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return {
        kind: 'missing',
        title: mode === 'camera' ? 'No camera or microphone found' : 'No microphone found',
        message:
          mode === 'camera'
            ? 'We could not find a camera on this device. Plug one in and try again, or join with your microphone only.'
            : 'We could not find a microphone on this device. Plug one in and try again, or join without one.',
        fallbacks: nextModes(mode),
      };
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return {
        kind: 'busy',
        title: `Your ${devices} could not start`,
        message: `Another app may be using your ${devices}. Close it (for example another video call) and try again.`,
        fallbacks: nextModes(mode),
      };
    case 'TypeError':
    case 'NotSupportedError':
      return unsupported(mode);
    default:
      return {
        kind: 'other',
        title: `Your ${devices} could not start`,
        message: 'Something went wrong while starting them. Try again, or join without them.',
        fallbacks: nextModes(mode),
      };
  }
}

function unsupported(mode: MediaMode): MediaProblem {
  return {
    kind: 'unsupported',
    title: 'This browser cannot use a camera here',
    message:
      'Open this link in an up-to-date Chrome, Safari, Firefox or Edge. You can also join without a camera or microphone.',
    fallbacks: mode === 'none' ? [] : ['none'],
  };
}

function isDomError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { name?: unknown }).name === 'string'
  );
}

export class MediaUnavailableError extends Error {
  constructor(readonly problem: MediaProblem) {
    super(problem.title);
  }
}

/**
 * Asks for the devices `mode` needs. Resolves to null for 'none'; throws MediaUnavailableError
 * with the words to show when the browser refuses or has nothing to give.
 */
export async function acquireMedia(
  mode: MediaMode,
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices,
): Promise<MediaStream | null> {
  if (mode === 'none') return null;
  // Plain http on a real host is not a secure context: the browser hides mediaDevices entirely.
  if (!mediaDevices?.getUserMedia) throw new MediaUnavailableError(unsupported(mode));
  try {
    return await mediaDevices.getUserMedia(
      mode === 'camera' ? CAMERA_CONSTRAINTS : AUDIO_CONSTRAINTS,
    );
  } catch (error) {
    throw new MediaUnavailableError(describeMediaProblem(error, mode));
  }
}
