import { useState } from 'react';
import type { PatientSessionView } from '@contracts/session';
import { PATIENT_CANCEL_REASON_MAX } from '@domain/self-service';
import { cancelSession } from './session-api';
import { usePatientWords } from './i18n/patient-intl';

const BUTTON =
  'inline-flex h-12 items-center justify-center rounded-xl px-4 text-base font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50';

/** Asks for an optional reason and a clear yes before the visit is cancelled. */
export function CancelVisit({
  token,
  onCancelled,
  onClose,
}: {
  token: string;
  onCancelled: (view: PatientSessionView) => void;
  onClose: () => void;
}) {
  const { t } = usePatientWords();
  const [reason, setReason] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cancel = async () => {
    setCancelling(true);
    setError(null);
    const answer = await cancelSession(token, reason);
    setCancelling(false);
    if (answer.ok) onCancelled(answer.view);
    else setError(answer.message);
  };

  return (
    <section aria-labelledby="cancel-heading" className="mt-4 grid gap-3">
      <h3 id="cancel-heading" className="text-base font-semibold">
        {t('cancel.heading')}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('cancel.lead')}</p>
      <label className="grid gap-1 text-sm font-medium">
        {t('cancel.reason')}
        <textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={PATIENT_CANCEL_REASON_MAX}
          rows={3}
          className="rounded-lg border border-slate-300 bg-white p-2 text-base font-normal outline-none focus-visible:ring-2 focus-visible:ring-ring dark:border-slate-700 dark:bg-slate-900"
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <button
        type="button"
        disabled={cancelling}
        onClick={() => void cancel()}
        className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}
      >
        {cancelling ? t('cancel.busy') : t('cancel.yes')}
      </button>
      <button
        type="button"
        onClick={onClose}
        className={`${BUTTON} text-slate-700 dark:text-slate-200`}
      >
        {t('cancel.keep')}
      </button>
    </section>
  );
}
