// The call itself, loaded only when the patient joins: most visits to the page are to read the
// time, move it or add it to a calendar, and need none of the WebRTC code.
import { signalUrl } from '@web/lib/video-call/signalling-client';
import { VideoCallPanel } from '@web/lib/video-call/video-call-panel';

export default function PatientCall({
  token,
  iceServers,
  remoteName,
  onLeft,
}: {
  token: string;
  iceServers: RTCIceServer[];
  remoteName: string;
  onLeft: () => void;
}) {
  return (
    <VideoCallPanel
      role="patient"
      signalUrl={signalUrl({ token })}
      iceServers={iceServers}
      remoteName={remoteName}
      onLeft={onLeft}
    />
  );
}
