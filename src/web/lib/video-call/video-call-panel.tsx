import { describeCallStatus, type CallSnapshot, type CallTone } from './call-status';
import { CameraIcon, LeaveIcon, MicIcon } from './call-icons';
import { MediaProblemNotice } from './media-problem-notice';
import type { CallRole } from './signalling-client';
import { StreamVideo, useHasVideo } from './stream-video';
import { useVideoCall } from './use-video-call';
import type { VideoCall } from './video-call';

export interface VideoCallPanelProps {
  role: CallRole;
  signalUrl: string;
  iceServers: RTCIceServer[];
  /**
   * The person at the other end, e.g. "Dr. Priya Raman" or "José Núñez". The patient's page
   * shows instead whoever the server says answered, once they have.
   */
  remoteName: string;
  /** Called after Leave, once the devices are released. */
  onLeft: () => void;
}

const DOT: Record<CallTone, string> = {
  neutral: 'bg-slate-400',
  waiting: 'bg-amber-400 motion-safe:animate-pulse',
  live: 'bg-emerald-400',
  trouble: 'bg-amber-500 motion-safe:animate-pulse',
  error: 'bg-red-500',
};

/** The visit itself, the same for patient and staff: the other person, yourself, and controls. */
export function VideoCallPanel({
  role,
  signalUrl,
  iceServers,
  remoteName,
  onLeft,
}: VideoCallPanelProps) {
  const { call, snapshot } = useVideoCall({ role, signalUrl, iceServers });
  const status = describeCallStatus(snapshot, role);
  // Staff know the patient's full name; the server gives only the first.
  const otherName = role === 'patient' ? (snapshot.remoteName ?? remoteName) : remoteName;
  const leave = () => {
    call?.leave();
    onLeft();
  };

  if (snapshot.phase === 'media-problem' && snapshot.mediaProblem) {
    return (
      <MediaProblemNotice
        problem={snapshot.mediaProblem}
        mode={snapshot.mode}
        onChoose={(mode) => void call?.start(mode)}
        onCancel={leave}
      />
    );
  }

  return (
    <section aria-label="Video visit" className="flex flex-col gap-3">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-2xl bg-slate-900 text-white shadow-sm sm:aspect-video">
        <RemoteView snapshot={snapshot} remoteName={otherName} statusText={status.text} />
        <p
          role="status"
          aria-live="polite"
          className="absolute top-3 left-3 flex max-w-[calc(100%-1.5rem)] items-center gap-2 rounded-full bg-black/60 px-3 py-1 text-sm font-medium backdrop-blur"
        >
          <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${DOT[status.tone]}`} />
          <span className="truncate">{status.text}</span>
        </p>
        <SelfView snapshot={snapshot} />
      </div>
      <CallControls call={call} snapshot={snapshot} onLeave={leave} />
    </section>
  );
}

function RemoteView({
  snapshot,
  remoteName,
  statusText,
}: {
  snapshot: CallSnapshot;
  remoteName: string;
  statusText: string;
}) {
  const hasVideo = useHasVideo(snapshot.remoteStream);
  const connected = snapshot.connection === 'connected';
  const showPlaceholder = !connected || !hasVideo;
  return (
    <>
      <StreamVideo
        data-remote=""
        stream={snapshot.remoteStream}
        aria-label={`Video of ${remoteName}`}
        className="absolute inset-0 size-full bg-black object-contain"
      />
      {!showPlaceholder && (
        <p className="absolute bottom-3 left-3 max-w-[50%] truncate rounded-md bg-black/60 px-2 py-1 text-sm font-medium backdrop-blur">
          {remoteName}
        </p>
      )}
      {showPlaceholder && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-900/85 px-6 text-center">
          <span
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-full bg-slate-700 text-2xl font-semibold"
          >
            {initials(remoteName)}
          </span>
          <p className="text-base font-medium">{remoteName}</p>
          <p aria-hidden="true" className="text-sm text-slate-300">
            {connected ? 'Audio only' : statusText}
          </p>
        </div>
      )}
    </>
  );
}

function SelfView({ snapshot }: { snapshot: CallSnapshot }) {
  const showVideo = snapshot.hasCamera && snapshot.cameraOn;
  const label = !snapshot.hasCamera ? 'No camera' : snapshot.cameraOn ? '' : 'Camera off';
  return (
    <div className="absolute right-2 bottom-2 aspect-video w-28 overflow-hidden rounded-lg border border-white/20 bg-slate-800 shadow-lg sm:right-3 sm:bottom-3 sm:w-44">
      <StreamVideo
        data-local=""
        stream={snapshot.localStream}
        muted
        aria-label="Your camera"
        // Mirrored, as people expect to see themselves; the other side sees it the right way round.
        className={`size-full -scale-x-100 object-cover ${showVideo ? '' : 'invisible'}`}
      />
      {label && (
        <span className="absolute inset-0 flex items-center justify-center p-1 text-center text-xs text-slate-300">
          {label}
        </span>
      )}
    </div>
  );
}

function CallControls({
  call,
  snapshot,
  onLeave,
}: {
  call: VideoCall | null;
  snapshot: CallSnapshot;
  onLeave: () => void;
}) {
  // On a phone: three equal buttons, icon over label; wider screens: one row of pills.
  const base =
    'inline-flex h-16 flex-col items-center justify-center gap-1 rounded-2xl px-3 text-xs font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 sm:h-12 sm:flex-row sm:gap-2 sm:rounded-full sm:px-4 sm:text-sm';
  const toggle = (on: boolean) =>
    `${base} ${on ? 'bg-secondary text-secondary-foreground hover:bg-secondary/80' : 'bg-slate-800 text-white hover:bg-slate-700 dark:bg-slate-200 dark:text-slate-900'}`;
  // The label says what pressing does; it changes with the state, so no aria-pressed as well.
  return (
    <div
      role="toolbar"
      aria-label="Call controls"
      className="grid grid-cols-3 gap-2 sm:flex sm:justify-center sm:gap-3"
    >
      {[
        {
          key: 'mic',
          on: snapshot.micOn,
          has: snapshot.hasMic,
          Icon: MicIcon,
          onClick: () => call?.toggleMic(),
          label: snapshot.micOn ? 'Mute' : 'Unmute',
        },
        {
          key: 'camera',
          on: snapshot.cameraOn,
          has: snapshot.hasCamera,
          Icon: CameraIcon,
          onClick: () => call?.toggleCamera(),
          label: snapshot.cameraOn ? 'Stop video' : 'Start video',
        },
      ].map(({ key, on, has, Icon, onClick, label }) => (
        <button key={key} type="button" className={toggle(on)} disabled={!has} onClick={onClick}>
          <Icon off={!on} />
          <span>{label}</span>
        </button>
      ))}
      <button
        type="button"
        className={`${base} bg-destructive text-destructive-foreground hover:bg-destructive/90`}
        onClick={onLeave}
      >
        <LeaveIcon />
        <span>Leave</span>
      </button>
    </div>
  );
}

function initials(name: string): string {
  const words = name
    .replace(/^(dr|mr|mrs|ms|mx)\.?\s+/i, '')
    .split(/[\s,]+/)
    .filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}
