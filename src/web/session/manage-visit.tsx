import { useState } from 'react';
import type { PatientSessionView } from '@contracts/session';
import { dateTimeWithZoneIn } from '@domain/localized-format';
import { CancelVisit } from './cancel-visit';
import { ClinicReachBlock, REACH_LINK, reachOf } from './clinic-reach';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-links';
import { ReschedulePicker } from './reschedule-picker';
import { calendarFileUrl } from './session-api';
import { calendarDetails, calendarTitle } from './patient-session-model';
import { usePatientWords } from './i18n/patient-intl';
import { LinkPageHeading } from './link-page-frame';

const ACTION =
  'inline-flex h-12 w-full items-center justify-center rounded-xl border border-slate-300 bg-white px-4 text-base font-semibold text-slate-900 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
const LINK = REACH_LINK;

/**
 * What the patient can change themselves, inside the clinic's rules: move, cancel, and put the
 * visit in their calendar. What the rules close is said, with how to reach the clinic.
 */
export function ManageVisit({
  token,
  view,
  timeZone,
  now,
  onChanged,
}: {
  token: string;
  view: PatientSessionView;
  timeZone: string;
  now: Date;
  onChanged: (view: PatientSessionView, said: string) => void;
}) {
  const [open, setOpen] = useState<'none' | 'reschedule' | 'cancel'>('none');
  const words = usePatientWords();
  const { t, language } = words;
  const rules = view.selfService;
  if (!rules || view.state === 'cancelled' || view.state === 'ended') return null;
  const { reschedule, cancel } = rules;
  const refusals = (
    rules.closed ? [rules.closed] : [reschedule.refusal, cancel.refusal].filter(Boolean)
  ) as string[];
  const start = new Date(view.start);
  const event = {
    title: calendarTitle(view, words),
    start,
    end: new Date(start.getTime() + view.durationMinutes * 60_000),
    details: calendarDetails(view, `${window.location.origin}/session/?token=${token}`, words),
    location: view.visit?.address,
  };

  return (
    <section
      aria-labelledby="manage-heading"
      className="my-4 w-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <LinkPageHeading id="manage-heading">{t('manage.heading')}</LinkPageHeading>
      {open === 'reschedule' ? (
        <ReschedulePicker
          token={token}
          view={view}
          timeZone={timeZone}
          now={now}
          onClose={() => setOpen('none')}
          onMoved={(moved) => {
            setOpen('none');
            onChanged(
              moved,
              t('manage.moved', { when: dateTimeWithZoneIn(language, moved.start, timeZone) }),
            );
          }}
        />
      ) : open === 'cancel' ? (
        <CancelVisit
          token={token}
          onClose={() => setOpen('none')}
          onCancelled={(cancelled) => {
            setOpen('none');
            onChanged(cancelled, t('manage.cancelled'));
          }}
        />
      ) : (
        <div className="mt-3 grid gap-2">
          {reschedule.allowed && (
            <button type="button" className={ACTION} onClick={() => setOpen('reschedule')}>
              {t('manage.reschedule')}
            </button>
          )}
          {cancel.allowed && (
            <button type="button" className={ACTION} onClick={() => setOpen('cancel')}>
              {t('manage.cancel')}
            </button>
          )}
          {(reschedule.allowed || cancel.allowed) && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t('manage.until', { when: dateTimeWithZoneIn(language, rules.cutoffAt, timeZone) })}
            </p>
          )}
          {refusals.map((refusal) => (
            <p key={refusal} className="text-sm text-slate-700 dark:text-slate-300">
              {refusal}
            </p>
          ))}
          {refusals.length > 0 && (
            // The visit stays booked: how to reach the clinic about it, not a new booking.
            <ClinicReachBlock
              name={view.clinic.name}
              reach={reachOf(view.reach)}
              bookOnline={false}
            />
          )}
          <div className="mt-2 grid gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
            <a className={ACTION} href={calendarFileUrl(token)} download="appointment.ics">
              {t('manage.addToCalendar')}
            </a>
            <p className="text-center text-sm">
              {words.tx('manage.orAddTo', {
                google: (
                  <a
                    className={LINK}
                    href={googleCalendarUrl(event)}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Google Calendar
                  </a>
                ),
                outlook: (
                  <a
                    className={LINK}
                    href={outlookCalendarUrl(event)}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Outlook
                  </a>
                ),
              })}
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
