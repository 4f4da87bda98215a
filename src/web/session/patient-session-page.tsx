import { lazy, Suspense, useState } from 'react';
import { useNow } from '@web/hooks/use-now';
import { browserTimeZone } from '@web/lib/time-zones';
import { dateWithWeekdayIn, timeRangeIn } from '@domain/localized-format';
import { ConfirmAttendance } from './confirm-attendance';
import { ClinicReachBlock, reachOf } from './clinic-reach';
import { ManageVisit } from './manage-visit';
import { joinSession } from './session-api';
import { anotherVisitWay, describePatientSession } from './patient-session-model';
import { usePatientSession } from './use-patient-session';
import { VisitCard } from './visit-card';
import { LinkPageShell } from './link-page-frame';
import { PatientIntl, useAdoptLanguage, usePatientWords } from './i18n/patient-intl';

const PatientCall = lazy(() => import('./patient-call'));

/** The patient's page for one visit link: the appointment, then the call, in their language. */
export function PatientSessionPage(props: { token: string; fromReminder?: boolean }) {
  return (
    <PatientIntl>
      <SessionPage {...props} />
    </PatientIntl>
  );
}

function SessionPage({
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
  const words = usePatientWords();
  const { answer, problem, refresh, show } = usePatientSession(token, {
    paused: inCall,
    language: words.language,
  });
  const [said, setSaid] = useState<string | null>(null);
  const offset = answer?.kind === 'ok' ? answer.clockOffsetMs : 0;
  // This device's clock, corrected by the server's: the countdown must not trust a wrong phone.
  const now = useNow({ intervalMs: 5_000, offsetMs: offset });
  const [timeZone] = useState(browserTimeZone);
  const { t } = words;
  const known = answer?.kind === 'ok' ? answer.view.language : undefined;
  useAdoptLanguage(known?.preferred, known?.clinicDefault);

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
      <LinkPageShell>
        <article className="w-full rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <p role="status" className="text-base text-slate-600 dark:text-slate-300">
            {problem ?? t('session.loading')}
          </p>
        </article>
      </LinkPageShell>
    );
  }

  if (answer.kind === 'invalid') {
    return (
      <LinkPageShell>
        <article className="w-full rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-xl font-semibold text-slate-900 dark:text-slate-50">
            {t('session.invalid.title')}
          </h1>
          <p role="alert" className="mt-3 text-base text-slate-700 dark:text-slate-300">
            {answer.message}
          </p>
        </article>
      </LinkPageShell>
    );
  }

  const view = answer.view;
  if (inCall) {
    return (
      <LinkPageShell wide>
        <header className="mb-3 w-full">
          <p className="text-sm font-medium text-teal-700 dark:text-teal-400">{view.clinic.name}</p>
          <h1 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            {t('session.call.heading', { provider: view.provider.name })}
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {dateWithWeekdayIn(words.language, view.start, timeZone)} ·{' '}
            {timeRangeIn(words.language, view.start, view.durationMinutes, timeZone)}
          </p>
        </header>
        <div className="w-full">
          <Suspense
            fallback={
              <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
                {t('session.call.opening')}
              </p>
            }
          >
            <PatientCall
              token={token}
              iceServers={iceServers}
              remoteName={view.provider.name}
              onLeft={() => setIceServers(null)}
            />
          </Suspense>
        </div>
      </LinkPageShell>
    );
  }

  const card = describePatientSession(view, now, timeZone, words);
  const confirmBlock = (
    <ConfirmAttendance
      token={token}
      view={view}
      fromReminder={fromReminder}
      onConfirmed={() => void refresh()}
    />
  );
  return (
    <LinkPageShell>
      {/* From a reminder's Confirm link, confirming is what the patient came for: it goes first. */}
      {fromReminder && confirmBlock}
      {said && (
        <p
          role="status"
          className="mb-4 w-full rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm font-medium text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100"
        >
          {said}
        </p>
      )}
      <VisitCard
        card={card}
        joining={joining}
        joinError={joinError}
        onJoin={() => void join()}
        noticeExtra={
          view.state === 'cancelled'
            ? t('session.bookAgain', { way: anotherVisitWay(view.clinic.name, view.reach, words) })
            : undefined
        }
      />
      {(view.state === 'cancelled' || view.state === 'ended') && (
        <ClinicReachBlock
          name={view.clinic.name}
          reach={reachOf(view.reach)}
          className="mt-4 w-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        />
      )}
      {!fromReminder && confirmBlock}
      <ManageVisit
        token={token}
        view={view}
        timeZone={timeZone}
        now={now}
        onChanged={(changed, message) => {
          show(changed);
          setSaid(message);
        }}
      />
      {problem && (
        <p role="status" className="mt-3 text-center text-sm text-amber-800 dark:text-amber-300">
          {problem}
        </p>
      )}
    </LinkPageShell>
  );
}
