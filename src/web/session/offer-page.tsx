import { useCallback, useEffect, useState } from 'react';
import type { PublicOffer } from '@contracts/waitlist';
import { dateWithWeekdayIn, timeIn, timeRangeIn, zoneNameIn } from '@domain/localized-format';
import { browserTimeZone } from '@web/lib/time-zones';
import { ClinicReachBlock, reachOf } from './clinic-reach';
import { acceptOffer, declineOffer, lookupOffer, type OfferAnswer } from './offer-api';
import { LinkPageCard, LinkPageShell } from './link-page-frame';
import {
  PatientIntl,
  useAdoptLanguage,
  usePatientWords,
  type MessageId,
} from './i18n/patient-intl';

const STATE_TEXT: Record<
  Exclude<PublicOffer['status'], 'open'>,
  { title: MessageId; body: MessageId }
> = {
  accepted: { title: 'offer.accepted.title', body: 'offer.accepted.body' },
  declined: { title: 'offer.declined.title', body: 'offer.declined.body' },
  expired: { title: 'offer.expired.title', body: 'offer.expired.body' },
  taken: { title: 'offer.taken.title', body: 'offer.taken.body' },
  withdrawn: { title: 'offer.withdrawn.title', body: 'offer.withdrawn.body' },
};

/**
 * /offer/{token}: a freed time offered to a waiting patient, shown in the patient's own zone
 * (named), with Accept and No thanks. Phone first: one column, large buttons.
 */
export function OfferPage(props: { token: string; fetchImpl?: typeof fetch }) {
  return (
    <PatientIntl>
      <Offer {...props} />
    </PatientIntl>
  );
}

function Offer({ token, fetchImpl = fetch }: { token: string; fetchImpl?: typeof fetch }) {
  const [answer, setAnswer] = useState<OfferAnswer | null>(null);
  const [offer, setOffer] = useState<PublicOffer | null>(null);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [problem, setProblem] = useState<{ title: string; body: string } | null>(null);
  const [timeZone] = useState(browserTimeZone);
  const words = usePatientWords();
  const { t, language } = words;
  useAdoptLanguage(offer?.language?.preferred, offer?.language?.clinicDefault);
  const stateText = (status: keyof typeof STATE_TEXT) => ({
    title: t(STATE_TEXT[status].title),
    body: t(STATE_TEXT[status].body),
  });

  const load = useCallback(async () => {
    const result = await lookupOffer(token, fetchImpl);
    setAnswer(result);
    if (result.kind === 'ok') setOffer(result.offer);
  }, [token, fetchImpl]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    document.title = t('offer.open.title');
  }, [t]);

  const respond = async (choice: 'accept' | 'decline') => {
    setBusy(choice);
    setProblem(null);
    const result = await (choice === 'accept' ? acceptOffer : declineOffer)(token, fetchImpl);
    setBusy(null);
    if (result.kind === 'ok') setOffer(result.offer);
    else if (result.kind === 'refused') {
      const status: PublicOffer['status'] = result.status === 410 ? 'expired' : 'taken';
      setProblem({ title: stateText(status).title, body: result.message });
      if (offer) setOffer({ ...offer, status });
    } else setProblem({ title: t('offer.failed'), body: result.message });
  };

  if (!answer) {
    return (
      <LinkPageShell>
        <LinkPageCard>
          <p role="status" className="text-center text-base text-slate-600 dark:text-slate-300">
            {t('offer.loading')}
          </p>
        </LinkPageCard>
      </LinkPageShell>
    );
  }
  if (!offer) {
    return (
      <LinkPageShell>
        <LinkPageCard>
          <h1 className="text-xl font-semibold text-slate-900 dark:text-slate-50">
            {t('offer.invalid.title')}
          </h1>
          <p role="alert" className="mt-3 text-base text-slate-700 dark:text-slate-300">
            {answer.kind === 'ok' ? '' : answer.message}
          </p>
          {answer.kind === 'failed' && (
            <button type="button" className={SECONDARY} onClick={() => void load()}>
              {t('common.tryAgain')}
            </button>
          )}
        </LinkPageCard>
      </LinkPageShell>
    );
  }

  const start = new Date(offer.start);
  const state = offer.status === 'open' ? null : (problem ?? stateText(offer.status));
  return (
    <LinkPageShell>
      <LinkPageCard>
        <p className="text-sm font-medium tracking-wide text-teal-700 uppercase dark:text-teal-400">
          {offer.clinic.name}
        </p>
        <h1 className="mt-2 text-2xl font-semibold text-slate-900 dark:text-slate-50">
          {offer.status === 'open' ? t('offer.open.title') : state!.title}
        </h1>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-base">
          <dt className="text-slate-500 dark:text-slate-400">{t('card.date')}</dt>
          <dd className="font-medium text-slate-900 dark:text-slate-100">
            {dateWithWeekdayIn(language, start, timeZone)}
          </dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('card.time')}</dt>
          <dd className="font-medium text-slate-900 dark:text-slate-100">
            {timeRangeIn(language, start, offer.durationMinutes, timeZone)}
          </dd>
          <dt className="text-slate-500 dark:text-slate-400">{t('offer.with')}</dt>
          <dd className="text-slate-900 dark:text-slate-100">{offer.provider.name}</dd>
        </dl>
        <p className="mt-3 text-xs leading-relaxed text-slate-500 dark:text-slate-400">
          {t('offer.zone', { zone: zoneNameIn(language, start, timeZone) })}
        </p>

        {offer.status === 'open' ? (
          <>
            <p className="mt-5 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100">
              {words.tx('offer.holds', {
                until: (
                  <span className="font-medium">
                    {dateWithWeekdayIn(language, offer.expiresAt, timeZone)},{' '}
                    {timeIn(language, offer.expiresAt, timeZone)}
                  </span>
                ),
              })}
            </p>
            {problem && (
              <p role="alert" className="mt-4 text-base text-red-700 dark:text-red-300">
                {problem.body}
              </p>
            )}
            <div className="mt-6 grid gap-3">
              {ANSWERS.map(({ choice, className, label, busyLabel }) => (
                <button
                  key={choice}
                  type="button"
                  className={className}
                  disabled={busy !== null}
                  onClick={() => void respond(choice)}
                >
                  {busy === choice ? t(busyLabel) : t(label)}
                </button>
              ))}
            </div>
          </>
        ) : (
          <div
            role="status"
            className="mt-5 rounded-xl border border-slate-300 bg-slate-100 p-4 text-base text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
          >
            {state!.body}
            {offer.status === 'accepted' && offer.sessionToken && (
              <a
                className="mt-3 block font-medium text-teal-700 underline dark:text-teal-400"
                href={`/session/?token=${encodeURIComponent(offer.sessionToken)}`}
              >
                {t('offer.openAppointment')}
              </a>
            )}
          </div>
        )}
        {offer.status !== 'open' && offer.status !== 'accepted' && (
          // Still waiting, or the time went elsewhere: the patient may rather pick a time now.
          <ClinicReachBlock
            name={offer.clinic.name}
            reach={reachOf(offer.reach)}
            className="mt-5"
          />
        )}
      </LinkPageCard>
    </LinkPageShell>
  );
}

const PRIMARY =
  'h-12 w-full rounded-xl bg-teal-700 px-4 text-base font-semibold text-white hover:bg-teal-800 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60';
const SECONDARY =
  'mt-0 h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base font-medium text-slate-900 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/** The two answers, in the order the page offers them, with the words while each is sent. */
const ANSWERS = [
  { choice: 'accept', className: PRIMARY, label: 'offer.accept', busyLabel: 'offer.accepting' },
  { choice: 'decline', className: SECONDARY, label: 'offer.decline', busyLabel: 'common.sending' },
] as const;
