import { useEffect, useRef, useState } from 'react';
import type { PatientSessionView } from '@contracts/session';
import { confirmSession } from './session-api';
import { usePatientWords } from './i18n/patient-intl';
import { LinkPageHeading } from './link-page-frame';

/**
 * Lets the patient tell the clinic they will come, with one button. Arriving from a reminder's
 * Confirm link (`confirm=1`) puts the button first and in focus, but never confirms by itself: a
 * mail scanner that opens links must not confirm for the patient.
 */
export function ConfirmAttendance({
  token,
  view,
  fromReminder,
  onConfirmed,
}: {
  token: string;
  view: Pick<PatientSessionView, 'status' | 'confirmable' | 'visit'>;
  fromReminder: boolean;
  onConfirmed: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [justConfirmed, setJustConfirmed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const confirmed = view.status.toUpperCase() === 'CONFIRMED';
  const { t } = usePatientWords();

  useEffect(() => {
    if (fromReminder && view.confirmable) button.current?.focus();
  }, [fromReminder, view.confirmable]);

  if (confirmed) {
    return (
      <section
        aria-label={t('confirm.region')}
        className="my-4 w-full rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100"
      >
        <p role="status" className="font-medium">
          {justConfirmed ? t('confirm.thanks') : t('confirm.already')}
        </p>
      </section>
    );
  }
  if (!view.confirmable) return null;

  const confirm = async () => {
    setConfirming(true);
    setError(null);
    const result = await confirmSession(token);
    setConfirming(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setJustConfirmed(true);
    onConfirmed();
  };

  return (
    <section
      aria-labelledby="confirm-heading"
      className={`my-4 w-full rounded-2xl border bg-white p-5 shadow-sm dark:bg-slate-900 ${
        fromReminder
          ? 'border-primary ring-2 ring-primary/30'
          : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      <LinkPageHeading id="confirm-heading">{t('confirm.heading')}</LinkPageHeading>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {/* A phone visit is a call: "so they need not call you" would say the opposite. */}
        {view.visit?.kind === 'phone' ? t('confirm.lead.phone') : t('confirm.lead')}
      </p>
      <button
        ref={button}
        type="button"
        onClick={() => void confirm()}
        disabled={confirming}
        className="mt-4 inline-flex h-12 w-full items-center justify-center rounded-xl border border-primary bg-white px-6 text-base font-semibold text-primary shadow-sm transition-colors outline-none hover:bg-primary/5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-slate-900"
      >
        {confirming ? t('confirm.busy') : t('confirm.button')}
      </button>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </section>
  );
}
