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

/**
 * What the browser can tell about this device after a refusal, each left out when it cannot:
 * enough to offer only what can work. Device kinds are listed even before any permission.
 */
export interface DeviceFacts {
  hasCamera?: boolean;
  hasMicrophone?: boolean;
  /** The site's microphone permission is "denied": a microphone-only retry would fail too. */
  microphoneBlocked?: boolean;
}

const WITHOUT_DEVICES = 'you will still see and hear the other person.';

/**
 * Turns a getUserMedia failure into one message a patient can act on, and offers only what can
 * work: the microphone alone is offered when the camera is what failed and the microphone is
 * known to be there and not blocked.
 */
export function describeMediaProblem(
  error: unknown,
  mode: MediaMode,
  facts: DeviceFacts = {},
): MediaProblem {
  const name = error instanceof Error || isDomError(error) ? (error as { name: string }).name : '';
  const devices = mode === 'camera' ? 'camera and microphone' : 'microphone';
  const them = mode === 'camera' ? 'them' : 'it';
  const micMayWork = mode === 'camera' && facts.hasMicrophone !== false;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      if (mode === 'camera' && facts.microphoneBlocked === false) {
        return {
          kind: 'denied',
          title: 'Your camera is blocked',
          message:
            'This browser is not allowing the visit to use your camera. To be seen, allow it in ' +
            'the site settings (the icon beside the address bar), then try again. You can also ' +
            `join with your microphone only, or without camera or microphone: ${WITHOUT_DEVICES}`,
          fallbacks: ['audio', 'none'],
        };
      }
      return {
        kind: 'denied',
        title: `Your ${devices} ${mode === 'camera' ? 'are' : 'is'} blocked`,
        message:
          `This browser is not allowing the visit to use your ${devices}. To be seen and heard, ` +
          `allow ${them} in the site settings (the icon beside the address bar), then try again. ` +
          `You can also join without ${them}: ${WITHOUT_DEVICES}`,
        fallbacks: ['none'],
      };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return missing(mode, facts);
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return {
        kind: 'busy',
        title: `Your ${devices} could not start`,
        message:
          `Another app may be using your ${devices}. Close it (for example another video call) ` +
          `and try again, or join ${micMayWork ? 'with your microphone only, or ' : ''}without ` +
          `${them}: ${WITHOUT_DEVICES}`,
        fallbacks: micMayWork ? ['audio', 'none'] : ['none'],
      };
    case 'TypeError':
    case 'NotSupportedError':
      return unsupported(mode);
    default:
      return {
        kind: 'other',
        title: `Your ${devices} could not start`,
        message:
          `Something went wrong while starting ${them}. Try again, or join ` +
          `${micMayWork ? 'with your microphone only, or ' : ''}without ${them}: ${WITHOUT_DEVICES}`,
        fallbacks: micMayWork ? ['audio', 'none'] : ['none'],
      };
  }
}

/** Nothing to use: the title names what is missing, and the offers match it. */
function missing(mode: MediaMode, facts: DeviceFacts): MediaProblem {
  if (mode === 'camera' && facts.hasMicrophone === true && facts.hasCamera !== true) {
    return {
      kind: 'missing',
      title: 'No camera found',
      message:
        'We could not find a camera on this device. Plug one in and try again, or join with ' +
        'your microphone only.',
      fallbacks: ['audio', 'none'],
    };
  }
  if (mode === 'audio' || facts.hasCamera === true) {
    return {
      kind: 'missing',
      title: 'No microphone found',
      message:
        'We could not find a microphone on this device. Plug one in and try again, or join ' +
        `without camera or microphone: ${WITHOUT_DEVICES}`,
      fallbacks: ['none'],
    };
  }
  return {
    kind: 'missing',
    title: 'No camera or microphone found',
    message:
      'We could not find a camera or a microphone on this device. Plug them in and try again, ' +
      `or join without them: ${WITHOUT_DEVICES}`,
    fallbacks: ['none'],
  };
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

type MediaDevicesLike = Pick<MediaDevices, 'getUserMedia'> &
  Partial<Pick<MediaDevices, 'enumerateDevices'>>;
type PermissionsLike = Pick<Permissions, 'query'>;

/** See DeviceFacts; each question the browser will not answer is simply left out. */
export async function readDeviceFacts(
  mediaDevices: MediaDevicesLike,
  permissions: PermissionsLike | undefined = globalThis.navigator?.permissions,
): Promise<DeviceFacts> {
  const facts: DeviceFacts = {};
  try {
    const devices = await mediaDevices.enumerateDevices?.();
    if (devices) {
      facts.hasCamera = devices.some((d) => d.kind === 'videoinput');
      facts.hasMicrophone = devices.some((d) => d.kind === 'audioinput');
    }
  } catch {
    // Unknown: described without it.
  }
  try {
    // 'microphone' is not a permission name every browser knows; those throw.
    const status = await permissions?.query({ name: 'microphone' as PermissionName });
    if (status) facts.microphoneBlocked = status.state === 'denied';
  } catch {
    // Unknown: the microphone alone is then not offered after a refusal.
  }
  return facts;
}

/**
 * Asks for the devices `mode` needs. Resolves to null for 'none'; throws MediaUnavailableError
 * with the words to show when the browser refuses or has nothing to give.
 */
export async function acquireMedia(
  mode: MediaMode,
  mediaDevices: MediaDevicesLike | undefined = globalThis.navigator?.mediaDevices,
  permissions?: PermissionsLike,
): Promise<MediaStream | null> {
  if (mode === 'none') return null;
  // Plain http on a real host is not a secure context: the browser hides mediaDevices entirely.
  if (!mediaDevices?.getUserMedia) throw new MediaUnavailableError(unsupported(mode));
  try {
    return await mediaDevices.getUserMedia(
      mode === 'camera' ? CAMERA_CONSTRAINTS : AUDIO_CONSTRAINTS,
    );
  } catch (error) {
    const facts = await readDeviceFacts(mediaDevices, permissions);
    throw new MediaUnavailableError(describeMediaProblem(error, mode, facts));
  }
}
