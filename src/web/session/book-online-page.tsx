import { useEffect, useRef, useState } from 'react';
import type { PublicClinic } from '@contracts/online-booking';
import { formatDateWithWeekday, formatTime, localDateKey } from '@domain/format';
import { browserTimeZone } from '@web/lib/time-zones';
import { callPublic, type LoadAnswer } from './book-online-api';
import { DetailsForm, type HoldDetails } from './book-online-details';
import { FIRST_AVAILABLE, TimeChooser, visitLengthLabel } from './book-online-times';
import { Card, Shell } from './book-online-ui';
import { useFreeTimes, type PublicSlot, type TimesChoice } from './use-free-times';

const HOUR = 3_600_000;

/**
 * /book-online/{clinicSlug}: a patient books themselves (ADR 022). A provider or "first
 * available", a visit length when the clinic offers several, a day and a time in the patient's
 * own zone (named), then their details and consent; the time is held and a confirmation link
 * e-mailed. Phone first: one column.
 */
export function BookOnlinePage({
  slug,
  fetchImpl = fetch,
}: {
  slug: string;
  fetchImpl?: typeof fetch;
}) {
  const [timeZone] = useState(browserTimeZone);
  const [clinic, setClinic] = useState<LoadAnswer<PublicClinic> | null>(null);
  const [choice, setChoice] = useState<TimesChoice>({
    agentId: FIRST_AVAILABLE,
    duration: 0,
    day: '',
  });
  const [picked, setPicked] = useState<(PublicSlot & { duration: number }) | null>(null);
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
  const [sent, setSent] = useState<{ message: string; email: string; held: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const times = useFreeTimes(slug, choice, timeZone, fetchImpl);

  useEffect(() => {
    document.title = 'Book a visit';
    void callPublic<PublicClinic>(`/api/public/clinics/${slug}`, { method: 'GET' }, fetchImpl).then(
      (answer) => {
        setClinic(answer);
        if (answer.kind === 'ok') {
          const earliest = new Date(Date.now() + answer.value.minNoticeHours * HOUR);
          // The clinic's lengths come shortest first: the first is the default.
          setChoice((c) => ({
            ...c,
            duration: answer.value.durations[0]!,
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

  const hold = async (details: HoldDetails) => {
    if (!picked) return;
    setBusy(true);
    setRefusal(null);
    const answer = await callPublic<{ message: string }>(
      `/api/public/clinics/${slug}/holds`,
      {
        method: 'POST',
        body: JSON.stringify({
          start: picked.start,
          agentId: picked.agentId,
          duration: picked.duration,
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
        held: heldLabel(picked, timeZone),
      });
    } else setRefusal(answer.message);
  };

  if (!clinic) {
    return (
      <Shell>
        <Card>
          <p role="status" className="text-center text-base text-slate-600">
            Loading…
          </p>
        </Card>
      </Shell>
    );
  }
  if (clinic.kind !== 'ok') {
    return (
      <Shell>
        <Card>
          <h1 className="text-xl font-semibold text-slate-900">Online booking is not available</h1>
          <p role="alert" className="mt-3 text-base text-slate-700">
            {clinic.message}
          </p>
        </Card>
      </Shell>
    );
  }
  const c = clinic.value;
  if (sent) {
    return (
      <Shell>
        <Card>
          <h1 className="text-xl font-semibold text-slate-900">Almost booked</h1>
          <p role="status" className="mt-3 text-base text-slate-700">
            {sent.message}
          </p>
          <dl className="mt-4 space-y-1 text-sm text-slate-700">
            <div>
              <dt className="inline font-medium text-slate-900">Sent to </dt>
              <dd className="inline break-all">{sent.email}</dd>
            </div>
            <div>
              <dt className="inline font-medium text-slate-900">Time held </dt>
              <dd className="inline">{sent.held}</dd>
            </div>
          </dl>
        </Card>
      </Shell>
    );
  }
  const now = Date.now();
  const bounds = {
    first: localDateKey(new Date(now + c.minNoticeHours * HOUR), timeZone),
    last: localDateKey(new Date(now + c.horizonDays * 24 * HOUR), timeZone),
  };
  return (
    <Shell>
      <Card>
        <p className="text-sm font-medium tracking-wide text-teal-700 uppercase">{c.name}</p>
        <h1 className="mt-2 text-2xl font-semibold text-slate-900">Book a visit</h1>
        {c.intro && <p className="mt-2 text-base text-slate-700">{c.intro}</p>}
        <TimeChooser
          clinic={c}
          choice={choice}
          onChoose={choose}
          bounds={bounds}
          timeZone={timeZone}
          times={times}
          picked={picked}
          onPick={(slot) => setPicked({ ...slot, duration: choice.duration })}
        />
      </Card>
      {picked && (
        <div ref={detailsRef}>
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">Your details</h2>
            <p className="mt-1 text-sm text-slate-700">{heldLabel(picked, timeZone)}</p>
            <DetailsForm busy={busy} refusal={refusal} onSubmit={(d) => void hold(d)} />
          </Card>
        </div>
      )}
    </Shell>
  );
}

/** "Saturday, November 28, 2026 at 5:00 PM (30 minutes) with Dr. Marcus Bell", in the patient's zone. */
function heldLabel(
  picked: { start: string; duration: number; agentName: string },
  timeZone: string,
): string {
  return (
    `${formatDateWithWeekday(picked.start, timeZone)} at ${formatTime(picked.start, timeZone)} ` +
    `(${visitLengthLabel(picked.duration)}) with ${picked.agentName}`
  );
}
