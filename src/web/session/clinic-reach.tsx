import type { ClinicReach } from '@domain/clinic-reach';
import { usePatientWords } from './i18n/patient-intl';

// How a patient page points to the clinic once the link itself can do no more (ADR 034): its
// booking page where it books online, its number where it gave one, its address. Nothing is
// said of what the clinic did not give: no "call" without a number.

export const REACH_LINK =
  'rounded font-medium text-teal-800 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring dark:text-teal-300';
const BOOK_ONLINE =
  'inline-flex h-12 w-full items-center justify-center rounded-xl bg-teal-700 px-4 text-base font-semibold text-white outline-none hover:bg-teal-800 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-2';

const NOTHING: ClinicReach = { phone: null, address: null, bookOnlinePath: null };

export const reachOf = (reach: ClinicReach | null | undefined): ClinicReach => reach ?? NOTHING;

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The clinic's ways in, as a block: "Book online" (a large link) where it books online, then its
 * phone and address where given. Null when the clinic gave none of them.
 */
export function ClinicReachBlock({
  name,
  reach,
  bookOnline = true,
  className = '',
}: {
  name: string;
  reach: ClinicReach;
  /** Whether to offer the booking page: not beside a visit the patient still has. */
  bookOnline?: boolean;
  className?: string;
}) {
  const { t } = usePatientWords();
  const offerBooking = bookOnline && reach.bookOnlinePath !== null;
  if (!offerBooking && !reach.phone && !reach.address) return null;
  return (
    <div className={`grid gap-2 text-sm text-slate-700 dark:text-slate-300 ${className}`}>
      {offerBooking && (
        <a className={BOOK_ONLINE} href={reach.bookOnlinePath!}>
          {t('reach.bookOnline')}
        </a>
      )}
      {(reach.phone || reach.address) && (
        <address className="not-italic" aria-label={t('reach.label', { clinic: name })}>
          <span className="font-medium text-slate-900 dark:text-slate-100">{name}</span>
          {reach.phone && (
            <span className="block">
              {t('reach.phone')}{' '}
              <a className={REACH_LINK} href={telHref(reach.phone)}>
                {reach.phone}
              </a>
            </span>
          )}
          {reach.address && <span className="block whitespace-pre-line">{reach.address}</span>}
        </address>
      )}
    </div>
  );
}
