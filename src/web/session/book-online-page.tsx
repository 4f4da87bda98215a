import { useEffect, useRef, useState } from 'react';
import type { PublicClinic, PublicService } from '@contracts/online-booking';
import { localDateKey } from '@domain/format';
import { dateWithWeekdayIn, timeIn } from '@domain/localized-format';
import { browserTimeZone } from '@web/lib/time-zones';
import { callPublic, type LoadAnswer } from './book-online-api';
import { DetailsForm, type HoldDetails } from './book-online-details';
import { ServiceChooser, ServiceInstructions, serviceSummary } from './book-online-service';
import { HoldSent, LoadingClinic, NotAvailable, type SentHold } from './book-online-states';
import { FIRST_AVAILABLE, TimeChooser, visitLengthLabel } from './book-online-times';
import { Card, Shell } from './book-online-ui';
import { useFreeTimes, type PublicSlot, type TimesChoice } from './use-free-times';
import {
  PatientIntl,
  useAdoptLanguage,
  usePatientWords,
  type PatientWords,
} from './i18n/patient-intl';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * /book-online/{clinicSlug}: a patient books themselves (ADR 022). A service when the clinic
 * offers several (issue 42), a provider or "first available", a visit length when the service has
 * several, a day and a time in the patient's own zone (named), then the service's instructions,
 * their details and consent; the time is held and a confirmation link e-mailed. Phone first.
 */
export function BookOnlinePage(props: { slug: string; fetchImpl?: typeof fetch }) {
  return (
    <PatientIntl>
      <BookOnline {...props} />
    </PatientIntl>
  );
}

function BookOnline({ slug, fetchImpl = fetch }: { slug: string; fetchImpl?: typeof fetch }) {
  const [timeZone] = useState(browserTimeZone);
  const words = usePatientWords();
  const { t } = words;
  const [clinic, setClinic] = useState<LoadAnswer<PublicClinic> | null>(null);
  const [choice, setChoice] = useState<TimesChoice>({
    serviceId: '',
    agentId: FIRST_AVAILABLE,
    duration: 0,
    day: '',
  });
  const [picked, setPicked] = useState<PublicSlot | null>(null);
  // On a phone the details form opens below the fold: bring it into view when a time is picked.
  const detailsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!picked) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    detailsRef.current?.scrollIntoView?.({
      behavior: reduce ? 'auto' : 'smooth',
      block: 'nearest',
    });
  }, [picked]);
  const [sent, setSent] = useState<SentHold | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const times = useFreeTimes(slug, choice, timeZone, fetchImpl);
  const language = clinic?.kind === 'ok' ? clinic.value.language : undefined;
  useAdoptLanguage(undefined, language?.clinicDefault);
  useEffect(() => {
    document.title = t('booking.title');
  }, [t]);

  useEffect(() => {
    void callPublic<PublicClinic>(`/api/public/clinics/${slug}`, { method: 'GET' }, fetchImpl).then(
      (answer) => {
        setClinic(answer);
        if (answer.kind === 'ok') {
          const earliest = new Date(Date.now() + answer.value.minNoticeHours * HOUR);
          // One service is chosen for the patient; of several, they choose first.
          const only = answer.value.services.length === 1 ? answer.value.services[0]! : null;
          setChoice((c) => ({
            ...c,
            serviceId: only?.id ?? '',
            duration: only?.durations[0] ?? 0,
            day: localDateKey(earliest, timeZone),
          }));
        }
      },
    );
  }, [slug, fetchImpl, timeZone]);

  const choose = (change: Partial<TimesChoice>) => {
    setChoice((c) => ({ ...c, ...change }));
    setPicked(null);
  };

  if (!clinic) return <LoadingClinic />;
  if (clinic.kind !== 'ok') return <NotAvailable message={clinic.message} />;
  if (sent) return <HoldSent sent={sent} />;
  const c = clinic.value;
  const service = c.services.find((x) => x.id === choice.serviceId) ?? null;

  const chooseService = (next: PublicService) => {
    // A provider who does not offer the new service gives way to "first available".
    const keep = next.providerIds.includes(choice.agentId) ? choice.agentId : FIRST_AVAILABLE;
    choose({ serviceId: next.id, agentId: keep, duration: next.durations[0]! });
  };

  const hold = async (details: HoldDetails) => {
    if (!picked || !service) return;
    setBusy(true);
    setRefusal(null);
    const answer = await callPublic<{ message: string }>(
      `/api/public/clinics/${slug}/holds`,
      {
        method: 'POST',
        body: JSON.stringify({
          serviceId: service.id,
          start: picked.start,
          agentId: picked.agentId,
          // The provider's own length when they have one: the slot says how long it is.
          duration: lengthOf(picked),
          ...details,
        }),
      },
      fetchImpl,
    );
    setBusy(false);
    if (answer.kind === 'ok') {
      setSent({
        message: answer.value.message,
        email: details.patient.email,
        service: service.name,
        held: heldLabel(picked, timeZone, words),
      });
    } else setRefusal(answer.message);
  };

  const now = Date.now();
  const bounds = {
    first: localDateKey(new Date(now + c.minNoticeHours * HOUR), timeZone),
    last: localDateKey(new Date(now + c.horizonDays * 24 * HOUR), timeZone),
  };
  return (
    <Shell>
      <Card>
        <p className="text-sm font-medium tracking-wide text-teal-700 uppercase">{c.name}</p>
        <h1 className="mt-2 text-2xl font-semibold text-slate-900">{t('booking.title')}</h1>
        {c.intro && <p className="mt-2 text-base text-slate-700">{c.intro}</p>}
        {c.services.length === 0 ? (
          <p role="status" className="mt-4 text-base text-slate-700">
            {t('booking.noServices')}{' '}
            {c.phone ? t('booking.callClinic', { phone: c.phone }) : t('booking.contactClinic')}
          </p>
        ) : (
          c.services.length > 1 && (
            <ServiceChooser
              services={c.services}
              value={choice.serviceId}
              onChange={(id) => chooseService(c.services.find((x) => x.id === id)!)}
            />
          )
        )}
        {service ? (
          <TimeChooser
            clinic={{
              ...c,
              providers: c.providers.filter((p) => service.providerIds.includes(p.id)),
              durations: service.durations,
            }}
            choice={choice}
            onChoose={choose}
            bounds={bounds}
            timeZone={timeZone}
            times={times}
            picked={picked}
            onPick={setPicked}
          />
        ) : (
          c.services.length > 1 && (
            <p className="mt-3 text-sm text-slate-600">{t('booking.chooseServiceFirst')}</p>
          )
        )}
      </Card>
      {picked && service && (
        <div ref={detailsRef}>
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">{t('booking.details')}</h2>
            <p className="mt-1 text-sm font-medium text-slate-900">
              {service.name}
              <span className="font-normal text-slate-600">
                {' '}
                · {serviceSummary(service, words)}
              </span>
            </p>
            <p className="mt-1 text-sm text-slate-700">{heldLabel(picked, timeZone, words)}</p>
            <ServiceInstructions service={service} />
            <DetailsForm busy={busy} refusal={refusal} onSubmit={(d) => void hold(d)} />
          </Card>
        </div>
      )}
    </Shell>
  );
}

const lengthOf = (slot: PublicSlot) =>
  Math.round((Date.parse(slot.end) - Date.parse(slot.start)) / MINUTE);

/** "Saturday, November 28, 2026 at 5:00 PM (30 minutes) with Dr. Marcus Bell", in the patient's zone. */
function heldLabel(picked: PublicSlot, timeZone: string, words: PatientWords): string {
  return words.t('booking.held', {
    date: dateWithWeekdayIn(words.language, picked.start, timeZone),
    time: timeIn(words.language, picked.start, timeZone),
    length: visitLengthLabel(lengthOf(picked), words),
    provider: picked.agentName,
  });
}
