import type { FormEvent } from 'react';
import type { HoldBody } from '@contracts/online-booking';
import { ONLINE_BOOKING_NAME_MAX } from '@domain/constants';
import { FIELD, PRIMARY } from './book-online-ui';
import { usePatientWords } from './i18n/patient-intl';

/** What the form sends; the server refuses a missing consent in words like the browser does. */
export interface HoldDetails {
  patient: HoldBody['patient'];
  consent: boolean;
  website: string;
}

/** The patient's details and consent for the held time, with the hidden honeypot. */
export function DetailsForm({
  busy,
  refusal,
  onSubmit,
}: {
  busy: boolean;
  refusal: string | null;
  onSubmit: (details: HoldDetails) => void;
}) {
  const { t } = usePatientWords();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    onSubmit({
      patient: {
        firstName: text('firstName'),
        lastName: text('lastName'),
        email: text('email'),
        phone: text('phone'),
        dob: text('dob'),
      },
      consent: data.get('consent') === 'on',
      website: text('website'),
    });
  };
  return (
    <form className="mt-4 grid gap-3" onSubmit={submit}>
      <Field
        label={t('details.firstName')}
        name="firstName"
        autoComplete="given-name"
        maxLength={ONLINE_BOOKING_NAME_MAX}
      />
      <Field
        label={t('details.lastName')}
        name="lastName"
        autoComplete="family-name"
        maxLength={ONLINE_BOOKING_NAME_MAX}
      />
      <Field label={t('details.email')} name="email" type="email" autoComplete="email" />
      <Field label={t('details.phone')} name="phone" type="tel" autoComplete="tel" />
      <Field label={t('details.dob')} name="dob" type="date" autoComplete="bday" />
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
        <input type="checkbox" name="consent" required className="mt-1 size-4" />
        {t('details.consent')}
      </label>
      {refusal && (
        <p role="alert" className="text-sm text-red-700">
          {refusal}
        </p>
      )}
      <button type="submit" className={PRIMARY} disabled={busy}>
        {busy ? t('common.sending') : t('details.hold')}
      </button>
    </form>
  );
}

function Field({
  label,
  name,
  type = 'text',
  autoComplete,
  maxLength,
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  maxLength?: number;
}) {
  return (
    <label className="grid gap-1 text-sm font-medium text-slate-700">
      {label}
      <input
        className={FIELD}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required
      />
    </label>
  );
}
