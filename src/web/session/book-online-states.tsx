import { Card, Shell } from './book-online-ui';
import { usePatientWords } from './i18n/patient-intl';

// The booking page's states besides choosing: loading, not available, and the time held.

export function LoadingClinic() {
  const { t } = usePatientWords();
  return (
    <Shell>
      <Card>
        <p role="status" className="text-center text-base text-slate-600">
          {t('common.loading')}
        </p>
      </Card>
    </Shell>
  );
}

export function NotAvailable({ message }: { message: string }) {
  const { t } = usePatientWords();
  return (
    <Shell>
      <Card>
        <h1 className="text-xl font-semibold text-slate-900">{t('booking.notAvailable')}</h1>
        <p role="alert" className="mt-3 text-base text-slate-700">
          {message}
        </p>
      </Card>
    </Shell>
  );
}

export interface SentHold {
  message: string;
  email: string;
  service: string;
  held: string;
}

/** The time is held: where the link went, which service and time, in the server's words. */
export function HoldSent({ sent }: { sent: SentHold }) {
  const { t } = usePatientWords();
  return (
    <Shell>
      <Card>
        <h1 className="text-xl font-semibold text-slate-900">{t('booking.sent.title')}</h1>
        <p role="status" className="mt-3 text-base text-slate-700">
          {sent.message}
        </p>
        <dl className="mt-4 space-y-1 text-sm text-slate-700">
          <div>
            <dt className="inline font-medium text-slate-900">{t('booking.sent.to')} </dt>
            <dd className="inline break-all">{sent.email}</dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-900">{t('booking.sent.service')} </dt>
            <dd className="inline break-words">{sent.service}</dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-900">{t('booking.sent.held')} </dt>
            <dd className="inline">{sent.held}</dd>
          </div>
        </dl>
      </Card>
    </Shell>
  );
}
