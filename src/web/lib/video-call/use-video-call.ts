import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { INITIAL_CALL_SNAPSHOT, type CallSnapshot } from './call-status';
import type { MediaMode } from './media';
import type { CallRole } from './signalling-client';
import { VideoCall } from './video-call';

export interface UseVideoCallOptions {
  role: CallRole;
  signalUrl: string;
  iceServers: RTCIceServer[];
  /** Started as soon as the component mounts: it mounts when the person pressed Join. */
  initialMode?: MediaMode;
}

const noSubscription = () => () => {};
const initialSnapshot = () => INITIAL_CALL_SNAPSHOT;

/**
 * A VideoCall for the lifetime of the component (one per signalling URL). Created in an effect,
 * not during render, so StrictMode's mount–unmount–mount leaves exactly one call holding the
 * camera.
 */
export function useVideoCall(options: UseVideoCallOptions): {
  call: VideoCall | null;
  snapshot: CallSnapshot;
} {
  const [call, setCall] = useState<VideoCall | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { role, signalUrl } = options;

  useEffect(() => {
    const { iceServers, initialMode = 'camera' } = latest.current;
    const created = new VideoCall({ role, signalUrl, iceServers });
    setCall(created);
    void created.start(initialMode);
    return () => {
      created.dispose();
      setCall((current) => (current === created ? null : current));
    };
  }, [role, signalUrl]);

  const snapshot = useSyncExternalStore(
    call?.subscribe ?? noSubscription,
    call?.getSnapshot ?? initialSnapshot,
  );
  return { call, snapshot };
}
