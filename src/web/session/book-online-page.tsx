import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { PublicClinic, PublicSlotsResponse } from '@contracts/online-booking';
import { formatDateWithWeekday, formatTime, localDateKey, zoneLongName } from '@domain/format';
import { browserTimeZone } from '@web/lib/time-zones';
import { callPublic, type LoadAnswer } from './book-online-api';

const FIRST_AVAILABLE = '';

/**
 * /book-online/{clinicSlug}: a patient books themselves (issue 26). A provider or "first
 * available", a day and a time in the patient's own zone (named), then their details and
 * consent; the time is held and a confirmation link e-mailed. Phone first: one column.
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
  const [agentId, setAgentId] = useState(FIRST_AVAILABLE);
  const [day, setDay] = useState('');
  const [slots, setSlots] = useState<LoadAnswer<PublicSlotsResponse> | null>(null);
  const [picked, setPicked] = useState<{
    start: string;
    agentId: string;
    agentName: string;
  } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Book a visit';
    void callPublic<PublicClinic>(`/api/public/clinics/${slug}`, { method: 'GET' }, fetchImpl).then(
      (answer) => {
        setClinic(answer);
        if (answer.kind === 'ok') {
          const earliest = new Date(Date.now() + answer.value.minNoticeHours * 3_600_000);
          setDay(localDateKey(earliest, timeZone));
        }
      },
    );
  }, [slug, fetchImpl, timeZone]);

  const duration = clinic?.kind === 'ok' ? clinic.value.durations[0]! : 30;
  const loadSlots = useCallback(async () => {
    if (!day) return;
    setSlots(null);
    setPicked(null);
    const query = new URLSearchParams({
      from: day,
      to: day,
      timezone: timeZone,
      duration: String(duration),
    });
    if (agentId) query.set('agentId', agentId);
    setSlots(
      await callPublic<PublicSlotsResponse>(
        `/api/public/clinics/${slug}/slots?${query.toString()}`,
        { method: 'GET' },
        fetchImpl,
      ),
    );
  }, [slug, day, agentId, timeZone, duration, fetchImpl]);

  useEffect(() => {
    void loadSlots();
  }, [loadSlots]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!picked) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    setBusy(true);
    setRefusal(null);
    const answer = await callPublic<{ message: string }>(
      `/api/public/clinics/${slug}/holds`,
      {
        method: 'POST',
        body: JSON.stringify({
          start: picked.start,
          agentId: picked.agentId,
          duration,
          patient: {
            firstName: text('firstName'),
            lastName: text('lastName'),
            email: text('email'),
            phone: text('phone'),
            dob: text('dob'),
          },
          consent: data.get('consent') === 'on',
          website: text('website'),
        }),
      },
      fetchImpl,
    );
    setBusy(false);
    if (answer.kind === 'ok') setSent(answer.value.message);
    else setRefusal(answer.message);
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
          <h1 className="text-xl font-semibold text-slate-900">Check your e-mail</h1>
          <p role="status" className="mt-3 text-base text-slate-700">
            {sent}
          </p>
        </Card>
      </Shell>
    );
  }
  return (
    <Shell>
      <Card>
        <p className="text-sm font-medium tracking-wide text-teal-700 uppercase">{c.name}</p>
        <h1 className="mt-2 text-2xl font-semibold text-slate-900">Book a visit</h1>
        {c.intro && <p className="mt-2 text-base text-slate-700">{c.intro}</p>}
        <div className="mt-4 grid gap-3">
          <label className="grid gap-1 text-sm font-medium text-slate-700">
            Provider
            <select className={FIELD} value={agentId} onChange={(e) => setAgentId(e.target.value)}>
              <option value={FIRST_AVAILABLE}>First available</option>
              {c.providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm font-medium text-slate-700">
            Day
            <input
              className={FIELD}
              type="date"
              value={day}
              onChange={(e) => setDay(e.target.value)}
            />
          </label>
        </div>
        <p className="mt-3 text-sm text-slate-600">
          Times are in your time zone: {zoneLongName(new Date(), timeZone)} ({timeZone}).
        </p>
        <div className="mt-3 grid grid-cols-3 gap-2" role="group" aria-label="Free times">
          {!slots ? (
            <p role="status" className="col-span-3 text-sm text-slate-600">
              Loading times…
            </p>
          ) : slots.kind !== 'ok' ? (
            <p role="alert" className="col-span-3 text-sm text-red-700">
              {slots.message}
            </p>
          ) : slots.value.slots.length === 0 ? (
            <p className="col-span-3 text-sm text-slate-600">
              No free times on this day. Try another day.
            </p>
          ) : (
            slots.value.slots.map((slot) => (
              <button
                key={`${slot.agentId}-${slot.start}`}
                type="button"
                aria-pressed={picked?.start === slot.start && picked.agentId === slot.agentId}
                className={
                  picked?.start === slot.start && picked.agentId === slot.agentId ? PICKED : TIME
                }
                onClick={() => setPicked(slot)}
              >
                {formatTime(slot.start, timeZone)}
              </button>
            ))
          )}
        </div>
      </Card>
      {picked && (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Your details</h2>
          <p className="mt-1 text-sm text-slate-700">
            {formatDateWithWeekday(picked.start, timeZone)} at {formatTime(picked.start, timeZone)}{' '}
            with {picked.agentName}
          </p>
          <form className="mt-4 grid gap-3" onSubmit={(e) => void submit(e)}>
            <Field label="First name" name="firstName" autoComplete="given-name" />
            <Field label="Last name" name="lastName" autoComplete="family-name" />
            <Field label="E-mail" name="email" type="email" autoComplete="email" />
            <Field label="Phone" name="phone" type="tel" autoComplete="tel" />
            <Field label="Date of birth" name="dob" type="date" autoComplete="bday" />
            {/* Left empty by people; hidden from them and from screen readers. */}
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              aria-hidden="true"
              className="hidden"
            />
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input type="checkbox" name="consent" required className="mt-1 size-4" />I agree that
              the clinic keeps these details to book and run my visit.
            </label>
            {refusal && (
              <p role="alert" className="text-sm text-red-700">
                {refusal}
              </p>
            )}
            <button type="submit" className={PRIMARY} disabled={busy}>
              {busy ? 'Sending…' : 'Hold this time'}
            </button>
          </form>
        </Card>
      )}
    </Shell>
  );
}

function Field({
  label,
  name,
  type = 'text',
  autoComplete,
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
}) {
  return (
    <label className="grid gap-1 text-sm font-medium text-slate-700">
      {label}
      <input className={FIELD} name={name} type={type} autoComplete={autoComplete} required />
    </label>
  );
}

const FIELD = 'h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900';
const TIME =
  'h-11 rounded-xl border border-slate-300 bg-white text-base font-medium text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-500';
const PICKED = 'h-11 rounded-xl bg-teal-700 text-base font-semibold text-white';
const PRIMARY =
  'h-12 w-full rounded-xl bg-teal-700 px-4 text-base font-semibold text-white hover:bg-teal-800 disabled:opacity-60';

function Card({ children }: { children: ReactNode }) {
  return (
    <article className="mb-4 w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {children}
    </article>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-svh flex-col items-center bg-slate-50 px-4 py-6">
      <div className="flex w-full max-w-md flex-col items-center">{children}</div>
      <p className="mt-2 text-xs text-slate-600">Carebook</p>
    </main>
  );
}
