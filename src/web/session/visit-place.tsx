import type { PatientCard } from './patient-session-model';
import { usePatientWords } from './i18n/patient-intl';
import { LinkPageHeading } from './link-page-frame';

const DIRECTIONS =
  'mt-3 inline-flex h-11 w-full items-center justify-center rounded-xl border border-slate-300 bg-white px-4 text-base font-semibold text-slate-900 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';

/**
 * Where an in-person visit happens, with directions, and what the clinic asks of the patient
 * before any visit (issue 42). Nothing is shown when there is neither.
 */
export function VisitPlace({ card }: { card: PatientCard }) {
  const { t } = usePatientWords();
  if (!card.place && !card.instructions) return null;
  return (
    <div className="mt-5 grid gap-4 border-t border-slate-200 pt-5 text-sm dark:border-slate-800">
      {card.place && (
        <section aria-labelledby="visit-place-heading">
          <LinkPageHeading id="visit-place-heading">{t('place.where')}</LinkPageHeading>
          <address className="mt-1 whitespace-pre-line text-slate-700 not-italic dark:text-slate-300">
            {card.place.address}
          </address>
          <a
            className={DIRECTIONS}
            href={card.place.directionsUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('place.directions')}
            <span className="sr-only"> {t('place.newTab')}</span>
          </a>
        </section>
      )}
      {card.instructions && (
        <section aria-labelledby="visit-instructions-heading">
          <LinkPageHeading id="visit-instructions-heading">{t('place.before')}</LinkPageHeading>
          <p className="mt-1 whitespace-pre-line text-slate-700 dark:text-slate-300">
            {card.instructions}
          </p>
        </section>
      )}
    </div>
  );
}
