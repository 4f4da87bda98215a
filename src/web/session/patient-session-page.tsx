import { useState, type ReactNode } from 'react';
import { useNow } from '@web/hooks/use-now';
import { signalUrl } from '@web/lib/video-call/signalling-client';
import { VideoCallPanel } from '@web/lib/video-call/video-call-panel';
import { browserTimeZone } from '@web/lib/time-zones';
import { formatVisitHeading } from '@web/lib/video-call/visit-window';
import { ConfirmAttendance } from './confirm-attendance';
import { joinSession } from './session-api';
import { describePatientSession } from './patient-session-model';
import { usePatientSession } from './use-patient-session';
import { VisitCard } from './visit-card';

/** The patient's page for one visit link: the appointment, then the call. */
export function PatientSessionPage({
  token,
  fromReminder = false,
}: {
  token: string;
  /** Opened from a reminder's Confirm link. */
  fromReminder?: boolean;
}) {
  const [iceServers, setIceServers] = useState<RTCIceServer[] | null>(null);
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);
  const inCall = iceServers !== null;
  const { answer, problem, refresh } = usePatientSession(token, { paused: inCall });
  const offset = answer?.kind === 'ok' ? answer.clockOffsetMs : 0;
  // This device's clock, corrected by the server's: the countdown must not trust a wrong phone.
  const now = useNow({ intervalMs: 5_000, offsetMs: offset });
  const [timeZone] = useState(browserTimeZone);

  const join = async () => {
    setJoining(true);
    setJoinError(null);
    const result = await joinSession(token);
    setJoining(false);
    if (result.ok) setIceServers(result.iceServers);
    else {
      setJoinError(result.message);
      void refresh();
    }
  };

  if (!answer) {
    return (
      <Shell>
        <article className="w-full rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <p role="status" className="text-base text-slate-600 dark:text-slate-300">
            {problem ?? 'Loading your appointment…'}
          </p>
        </article>
      </Shell>
    );
  }

  if (answer.kind === 'invalid') {
    return (
      <Shell>
        <article className="w-full rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-xl font-semibold text-slate-900 dark:text-slate-50">
            We could not open this visit
          </h1>
          <p role="alert" className="mt-3 text-base text-slate-700 dark:text-slate-300">
            {answer.message}
          </p>
        </article>
      </Shell>
    );
  }

  const view = answer.view;
  if (inCall) {
    return (
      <Shell wide>
        <header className="mb-3 w-full">
          <p className="text-sm font-medium text-teal-700 dark:text-teal-400">{view.clinic.name}</p>
          <h1 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            Visit with {view.provider.name}
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {formatVisitHeading(view, timeZone)}
          </p>
        </header>
        <div className="w-full">
          <VideoCallPanel
            role="patient"
            signalUrl={signalUrl({ token })}
            iceServers={iceServers}
            remoteName={view.provider.name}
            onLeft={() => setIceServers(null)}
          />
        </div>
      </Shell>
    );
  }

  const card = describePatientSession(view, now, timeZone);
  const confirmBlock = (
    <ConfirmAttendance
      token={token}
      view={view}
      fromReminder={fromReminder}
      onConfirmed={() => void refresh()}
    />
  );
  return (
    <Shell>
      {/* From a reminder's Confirm link, confirming is what the patient came for: it goes first. */}
      {fromReminder && confirmBlock}
      <VisitCard card={card} joining={joining} joinError={joinError} onJoin={() => void join()} />
      {!fromReminder && confirmBlock}
      {problem && (
        <p role="status" className="mt-3 text-center text-sm text-amber-800 dark:text-amber-300">
          {problem}
        </p>
      )}
    </Shell>
  );
}

function Shell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main className="flex min-h-svh flex-col items-center bg-slate-50 px-4 py-6 sm:justify-center sm:py-10 dark:bg-slate-950">
      <div className={`flex w-full flex-col items-center ${wide ? 'max-w-4xl' : 'max-w-md'}`}>
        {children}
      </div>
      <p className="mt-6 text-xs text-slate-600 dark:text-slate-400">Carebook</p>
    </main>
  );
}
