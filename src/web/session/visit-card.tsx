import type { ReactNode } from 'react';
import type { PatientCard } from './patient-session-model';
import { LinkPageCard } from './link-page-frame';
import { VisitPlace } from './visit-place';
import { usePatientWords } from './i18n/patient-intl';

const NOTICE_STYLE: Record<PatientCard['notice']['tone'], string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100',
  ready:
    'border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100',
  stop: 'border-slate-300 bg-slate-100 text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100',
};

/** The appointment at a glance, and the one thing the patient can do now. */
export function VisitCard({
  card,
  joining,
  joinError,
  onJoin,
  noticeExtra,
}: {
  card: PatientCard;
  joining: boolean;
  joinError: string | null;
  onJoin: () => void;
  /** What follows the notice's words, e.g. the clinic's number to book again. */
  noticeExtra?: ReactNode;
}) {
  const { t } = usePatientWords();
  return (
    <LinkPageCard>
      <p className="text-sm font-medium tracking-wide text-teal-700 uppercase dark:text-teal-400">
        {card.clinicName}
      </p>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900 dark:text-slate-50">
        {card.greeting}
      </h1>
      <p className="mt-1 text-base text-slate-600 dark:text-slate-300">
        {card.withWords} <span className="font-medium">{card.providerName}</span>
      </p>

      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {card.serviceName && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">{t('card.visit')}</dt>
            <dd className="font-medium text-slate-900 dark:text-slate-100">{card.serviceName}</dd>
          </>
        )}
        <dt className="text-slate-500 dark:text-slate-400">{t('card.date')}</dt>
        <dd className="font-medium text-slate-900 dark:text-slate-100">{card.date}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('card.time')}</dt>
        <dd className="font-medium text-slate-900 dark:text-slate-100">{card.time}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('card.duration')}</dt>
        <dd className="text-slate-900 dark:text-slate-100">{card.duration}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('card.status')}</dt>
        <dd className="text-slate-900 dark:text-slate-100">{card.status}</dd>
      </dl>
      <p className="mt-3 text-xs leading-relaxed text-slate-500 dark:text-slate-400">
        {card.zoneNote}
        {card.clinicTimeNote && <> {card.clinicTimeNote}</>}
      </p>

      {card.countdown && (
        <p className="mt-5 text-lg font-semibold text-slate-900 dark:text-slate-50">
          {card.countdown}
        </p>
      )}

      {/* Not a live region itself: its countdown changes every minute. The line below speaks
          only when what the patient can do changes. */}
      <p role="status" className="sr-only">
        {card.canJoin ? t('card.openNow') : ''}
      </p>
      <div className={`mt-4 rounded-xl border p-4 text-sm ${NOTICE_STYLE[card.notice.tone]}`}>
        <p className="font-medium">{card.notice.title}</p>
        {card.notice.detail && <p className="mt-1 opacity-90">{card.notice.detail}</p>}
        {noticeExtra && <p className="mt-1 opacity-90">{noticeExtra}</p>}
      </div>

      {(card.canJoin || card.showDisabledJoin) && (
        <button
          type="button"
          onClick={onJoin}
          disabled={!card.canJoin || joining}
          className="mt-5 inline-flex h-12 w-full items-center justify-center rounded-xl bg-primary px-6 text-base font-semibold text-primary-foreground shadow-sm transition-colors outline-none hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {joining ? t('card.joining') : t('card.join')}
        </button>
      )}
      {joinError && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {joinError}
        </p>
      )}
      <VisitPlace card={card} />
    </LinkPageCard>
  );
}
