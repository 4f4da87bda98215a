import { useCallback, useEffect, useState } from 'react';
import type { PatientSessionView } from '@contracts/session';
import { groupByLocalDate, localDateKey } from '@domain/format';
import { dateWithWeekdayIn, shortDateIn, timeIn, zoneNameIn } from '@domain/localized-format';
import { addDaysToKey, compareDateKeys } from '@domain/zoned-time';
import { timeZoneName } from '@web/lib/video-call/visit-window';
import { fetchSlots, rescheduleSession, type SlotsResult } from './session-api';
import { usePatientWords } from './i18n/patient-intl';

/** Two weeks of free times at a time, as the server gives them. */
export const PICKER_DAYS = 14;

const BUTTON =
  'inline-flex h-11 items-center justify-center rounded-xl px-4 text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The same provider's free times, in the patient's own zone (named), two weeks at a time up to
 * the clinic's horizon; a time is picked, then the move confirmed. A time someone else took a
 * moment earlier shows the server's words and fresh times.
 */
export function ReschedulePicker({
  token,
  view,
  timeZone,
  now,
  onMoved,
  onClose,
}: {
  token: string;
  view: PatientSessionView;
  timeZone: string;
  now: Date;
  onMoved: (view: PatientSessionView) => void;
  onClose: () => void;
}) {
  const { t, language } = usePatientWords();
  const firstDay = localDateKey(now, timeZone);
  const lastDay = localDateKey(view.selfService?.horizonEnd ?? now, timeZone);
  const [from, setFrom] = useState(firstDay);
  const [result, setResult] = useState<SlotsResult | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const to = addDaysToKey(from, PICKER_DAYS - 1);

  const load = useCallback(async () => {
    setResult(null);
    setResult(await fetchSlots(token, { from, to, timeZone }));
  }, [token, from, to, timeZone]);

  useEffect(() => {
    void load();
  }, [load]);

  const move = async () => {
    if (!picked) return;
    setMoving(true);
    setRefusal(null);
    const answer = await rescheduleSession(token, picked);
    setMoving(false);
    if (answer.ok) {
      onMoved(answer.view);
      return;
    }
    setRefusal(answer.message);
    setPicked(null);
    // Taken meanwhile, or no longer allowed: show what is true now.
    void load();
  };

  const days = result?.ok ? groupByLocalDate(result.slots, (slot) => slot.start, timeZone) : [];
  const zone = `${language === 'en' ? timeZoneName(timeZone, now) : zoneNameIn(language, now, timeZone)} (${timeZone})`;
  return (
    <section aria-labelledby="reschedule-heading" className="mt-4 grid gap-3">
      <h3 id="reschedule-heading" className="text-base font-semibold">
        {t('reschedule.heading')}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('reschedule.lead', { provider: view.provider.name, zone })}
      </p>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className={`${BUTTON} border border-slate-300 dark:border-slate-700`}
          disabled={compareDateKeys(from, firstDay) <= 0}
          onClick={() => setFrom(addDaysToKey(from, -PICKER_DAYS))}
        >
          {t('reschedule.earlier')}
        </button>
        <p className="text-center text-sm font-medium" aria-live="polite">
          {shortDateIn(language, `${from}T12:00:00Z`, 'UTC')} –{' '}
          {shortDateIn(language, `${to}T12:00:00Z`, 'UTC')}
        </p>
        <button
          type="button"
          className={`${BUTTON} border border-slate-300 dark:border-slate-700`}
          disabled={compareDateKeys(to, lastDay) >= 0}
          onClick={() => setFrom(addDaysToKey(from, PICKER_DAYS))}
        >
          {t('reschedule.later')}
        </button>
      </div>
      {refusal && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {refusal}
        </p>
      )}
      {result === null ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('reschedule.loading')}
        </p>
      ) : !result.ok ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {result.message}
        </p>
      ) : days.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('reschedule.none')}</p>
      ) : (
        <div className="grid max-h-96 gap-3 overflow-y-auto pr-1">
          {days.map((day) => (
            <fieldset key={day.date} className="grid gap-2">
              <legend className="mb-1 text-sm font-semibold">
                {dateWithWeekdayIn(language, day.items[0]!.start, timeZone)}
              </legend>
              <div className="grid grid-cols-3 gap-2">
                {day.items.map((slot) => (
                  <button
                    key={slot.start}
                    type="button"
                    aria-pressed={picked === slot.start}
                    onClick={() => setPicked(slot.start)}
                    className={`h-11 rounded-lg border text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring ${
                      picked === slot.start
                        ? 'border-primary bg-primary text-primary-foreground'
                        : 'border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900'
                    }`}
                  >
                    {timeIn(language, slot.start, timeZone)}
                  </button>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      )}
      <div className="grid gap-2">
        <button
          type="button"
          disabled={!picked || moving}
          onClick={() => void move()}
          className={`${BUTTON} h-12 bg-primary text-base text-primary-foreground`}
        >
          {moving
            ? t('reschedule.moving')
            : picked
              ? t('reschedule.moveTo', {
                  date: dateWithWeekdayIn(language, picked, timeZone),
                  time: timeIn(language, picked, timeZone),
                })
              : t('reschedule.pickAbove')}
        </button>
        <button
          type="button"
          onClick={onClose}
          className={`${BUTTON} text-slate-700 dark:text-slate-200`}
        >
          {t('reschedule.keep')}
        </button>
      </div>
    </section>
  );
}
