import { useCallback, useEffect, useState } from 'react';
import { confirmHold, type ConfirmAnswer } from './book-online-api';
import { LinkPageCard, LinkPageShell } from './link-page-frame';
import { PatientIntl, usePatientWords } from './i18n/patient-intl';

/**
 * /book-online/confirm/{token}: the link in the e-mail that proves the patient's address. Opening
 * it books the held time and goes on to the patient's visit page; an expired or bad link says so
 * in words. Phone first: one column, large type.
 */
export function ConfirmBookingPage(props: {
  token: string;
  fetchImpl?: typeof fetch;
  go?: (url: string) => void;
}) {
  return (
    <PatientIntl>
      <ConfirmBooking {...props} />
    </PatientIntl>
  );
}

function ConfirmBooking({
  token,
  fetchImpl = fetch,
  go = (url: string) => window.location.replace(url),
}: {
  token: string;
  fetchImpl?: typeof fetch;
  /** Where a booked visit goes next (the visit page); replaced in tests. */
  go?: (url: string) => void;
}) {
  const [answer, setAnswer] = useState<ConfirmAnswer | null>(null);
  const { t } = usePatientWords();

  const book = useCallback(async () => {
    setAnswer(null);
    const result = await confirmHold(token, fetchImpl);
    setAnswer(result);
    if (result.kind === 'ok') go(result.sessionUrl);
  }, [token, fetchImpl, go]);

  useEffect(() => {
    void book();
  }, [book]);
  useEffect(() => {
    document.title = t('booking.confirm.title');
  }, [t]);

  if (!answer || answer.kind === 'ok') {
    return (
      <LinkPageShell>
        <LinkPageCard>
          <p role="status" className="text-center text-base text-slate-600 dark:text-slate-300">
            {answer ? t('booking.confirm.done') : t('booking.confirm.busy')}
          </p>
          {answer && (
            <a
              className={`${SECONDARY} mt-4 flex items-center justify-center`}
              href={answer.sessionUrl}
            >
              {t('booking.confirm.open')}
            </a>
          )}
        </LinkPageCard>
      </LinkPageShell>
    );
  }
  return (
    <LinkPageShell>
      <LinkPageCard>
        <h1 className="text-xl font-semibold text-slate-900 dark:text-slate-50">
          {answer.kind === 'refused' && answer.status === 410
            ? t('booking.confirm.expired')
            : t('booking.confirm.failed')}
        </h1>
        <p role="alert" className="mt-3 text-base text-slate-700 dark:text-slate-300">
          {answer.message}
        </p>
        {answer.kind === 'failed' && (
          <button type="button" className={`${SECONDARY} mt-4`} onClick={() => void book()}>
            {t('common.tryAgain')}
          </button>
        )}
      </LinkPageCard>
    </LinkPageShell>
  );
}

const SECONDARY =
  'h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base font-medium text-slate-900 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
