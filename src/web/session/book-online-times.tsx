import { useEffect, useRef } from 'react';
import type { PublicClinic } from '@contracts/online-booking';
import { dateWithWeekdayIn, timeIn, zoneNameIn } from '@domain/localized-format';
import { wallClockToUtc } from '@domain/zoned-time';
import { FIELD, PICKED, SECONDARY, TIME } from './book-online-ui';
import { telHref } from './clinic-reach';
import type { FreeTimes, PublicSlot, TimesChoice } from './use-free-times';
import { ENGLISH, usePatientWords, type PatientWords } from './i18n/patient-intl';

export const FIRST_AVAILABLE = '';

/** "30 minutes", "1 hour", "1 hour 30 minutes": how a patient says a visit's length. */
export function visitLengthLabel(minutes: number, { t }: PatientWords = ENGLISH): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('length.minutes', { minutes: rest });
  return rest === 0
    ? t('length.hours', { hours })
    : t('length.hoursMinutes', { hours, minutes: rest });
}

/** A day key named as people say it; noon keeps it on its own date in any zone. */
const dayName = (key: string, timeZone: string, language: string) =>
  dateWithWeekdayIn(language, wallClockToUtc(key, 12 * 60, timeZone), timeZone);

/**
 * Who, how long, which day, and the free times of that choice. A day without a time says so and
 * offers the next day that has one, or says that none is left before the clinic's horizon.
 */
export function TimeChooser({
  clinic,
  choice,
  onChoose,
  bounds,
  timeZone,
  times,
  picked,
  onPick,
}: {
  clinic: PublicClinic;
  choice: TimesChoice;
  onChoose: (change: Partial<TimesChoice>) => void;
  /** The first and last days the clinic books online, in the patient's zone. */
  bounds: { first: string; last: string };
  timeZone: string;
  times: FreeTimes;
  picked: PublicSlot | null;
  onPick: (slot: PublicSlot) => void;
}) {
  const words = usePatientWords();
  const { t, language } = words;
  // After a jump to the next free day the button is gone: focus goes to the times it found.
  const timesRef = useRef<HTMLDivElement>(null);
  const jumped = useRef(false);
  useEffect(() => {
    if (jumped.current && times.kind === 'times') {
      jumped.current = false;
      timesRef.current?.focus();
    }
  }, [times]);
  const jumpTo = (day: string) => {
    jumped.current = true;
    onChoose({ day });
  };

  return (
    <>
      <div className="mt-4 grid gap-3">
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          {t('booking.provider')}
          <select
            className={FIELD}
            value={choice.agentId}
            onChange={(e) => onChoose({ agentId: e.target.value })}
          >
            <option value={FIRST_AVAILABLE}>{t('booking.firstAvailable')}</option>
            {clinic.providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        {clinic.durations.length > 1 && (
          <VisitLength
            durations={clinic.durations}
            value={choice.duration}
            onChange={(duration) => onChoose({ duration })}
          />
        )}
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          {t('booking.day')}
          <input
            className={FIELD}
            type="date"
            min={bounds.first}
            max={bounds.last}
            value={choice.day}
            onChange={(e) => e.target.value && onChoose({ day: e.target.value })}
          />
        </label>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        {t('visit.zoneNote', { zone: zoneNameIn(language, new Date(), timeZone), id: timeZone })}
      </p>
      <div
        ref={timesRef}
        tabIndex={-1}
        className="mt-3 grid grid-cols-3 gap-2 outline-none"
        role="group"
        aria-label={t('booking.freeTimes')}
      >
        {times.kind === 'loading' ? (
          <p role="status" className="col-span-3 text-sm text-slate-600">
            {t('booking.loadingTimes')}
          </p>
        ) : times.kind === 'failed' ? (
          <p role="alert" className="col-span-3 text-sm text-red-700">
            {times.message}
          </p>
        ) : times.kind === 'empty' ? (
          <NoTimes
            day={dayName(choice.day, timeZone, language)}
            next={times.next}
            timeZone={timeZone}
            onJump={jumpTo}
            otherChoices={clinic.providers.length > 1 || clinic.durations.length > 1}
            phone={clinic.phone}
          />
        ) : (
          (choice.agentId === FIRST_AVAILABLE ? onePerStart(times.slots) : times.slots).map(
            (slot) => {
              const on = picked?.start === slot.start && picked.agentId === slot.agentId;
              return (
                <button
                  key={`${slot.agentId}-${slot.start}`}
                  type="button"
                  aria-pressed={on}
                  className={on ? PICKED : TIME}
                  onClick={() => onPick(slot)}
                >
                  {timeIn(language, slot.start, timeZone)}
                </button>
              );
            },
          )
        )}
      </div>
    </>
  );
}

/**
 * For "First available", one button per start: the same time with two providers would show as
 * two identical buttons. The first provider the server lists for a start takes it.
 */
function onePerStart(slots: readonly PublicSlot[]): PublicSlot[] {
  const seen = new Set<string>();
  return slots.filter((slot) => {
    if (seen.has(slot.start)) return false;
    seen.add(slot.start);
    return true;
  });
}

/** The clinic's lengths as large radio buttons: arrow keys move between them, as for any radios. */
function VisitLength({
  durations,
  value,
  onChange,
}: {
  durations: number[];
  value: number;
  onChange: (minutes: number) => void;
}) {
  const words = usePatientWords();
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-700">
        {words.t('booking.visitLength')}
      </legend>
      <div className="flex flex-wrap gap-2">
        {durations.map((minutes) => (
          <label
            key={minutes}
            className="flex h-11 cursor-pointer items-center rounded-xl border border-slate-300 bg-white px-4 text-base font-medium text-slate-900 has-checked:border-teal-700 has-checked:bg-teal-700 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-teal-500"
          >
            <input
              type="radio"
              name="visit-length"
              className="sr-only"
              value={minutes}
              checked={minutes === value}
              onChange={() => onChange(minutes)}
            />
            {visitLengthLabel(minutes, words)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function NoTimes({
  day,
  next,
  timeZone,
  onJump,
  otherChoices,
  phone,
}: {
  day: string;
  next: Extract<FreeTimes, { kind: 'empty' }>['next'];
  timeZone: string;
  onJump: (day: string) => void;
  /** Whether another provider or length could have times when this one has none. */
  otherChoices: boolean;
  /** The clinic's number, when it gave one: no "call the clinic" without it. */
  phone: string | null;
}) {
  const { t, tx, language } = usePatientWords();
  const phoneLink = phone ? (
    <a className="font-medium text-teal-800 underline underline-offset-2" href={telHref(phone)}>
      {phone}
    </a>
  ) : null;
  return (
    <div className="col-span-3 grid gap-3">
      <p className="text-base text-slate-700">{t('booking.noTimesOn', { day })}</p>
      {next.kind === 'loading' ? (
        <p role="status" className="text-sm text-slate-600">
          {t('booking.lookingNext')}
        </p>
      ) : next.kind === 'day' ? (
        <button type="button" className={SECONDARY} onClick={() => onJump(next.day)}>
          {t('booking.nextFreeDay', { day: dayName(next.day, timeZone, language) })}
        </button>
      ) : next.kind === 'none' ? (
        <p role="status" className="text-base text-slate-700">
          {t('booking.noLaterDay', { day: dayName(next.lastDay, timeZone, language) })}{' '}
          {otherChoices
            ? phoneLink
              ? tx('booking.tryOtherOrCall', { phone: phoneLink })
              : t('booking.tryOther')
            : phoneLink
              ? tx('booking.callClinicLink', { phone: phoneLink })
              : t('booking.lookLater')}
        </p>
      ) : (
        <p role="alert" className="text-sm text-red-700">
          {next.message}
        </p>
      )}
    </div>
  );
}
