import type { PatientRecord } from '@contracts/patients';
import { formatDate } from '@domain/format';
import { formatCalendarDate } from '@web/lib/calendar-date';
import { CHANNEL_LABELS, GENDER_LABELS, LANGUAGE_LABELS } from '../utils/patient-labels';
import { Field, ProfileCard } from './profile-card';

function addressOf(p: PatientRecord): string {
  const place = [p.city, [p.region, p.postalCode].filter(Boolean).join(' ')].filter(Boolean);
  return [p.addressLine, place.join(', '), p.country].filter(Boolean).join('\n');
}

/** Every field of the record, in words. */
export function DetailsCard({ patient, timeZone }: { patient: PatientRecord; timeZone: string }) {
  return (
    <ProfileCard title="Details">
      {patient.remindersOptOut && (
        <p className="mb-3 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
          Reminders: off at the patient’s request
        </p>
      )}
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Field label="First name">{patient.firstName}</Field>
        <Field label="Last name">{patient.lastName}</Field>
        <Field label="Preferred name">{patient.preferredName}</Field>
        <Field label="Date of birth">{patient.dob && formatCalendarDate(patient.dob)}</Field>
        <Field label="Gender">{patient.gender && GENDER_LABELS[patient.gender]}</Field>
        <Field label="Record number">{patient.recordNumber}</Field>
        <Field label="E-mail">{patient.email}</Field>
        <Field label="Phone">{patient.phone}</Field>
        <Field label="Address">
          {addressOf(patient) && <span className="whitespace-pre-line">{addressOf(patient)}</span>}
        </Field>
        <Field label="Language">
          {patient.preferredLanguage && LANGUAGE_LABELS[patient.preferredLanguage]}
        </Field>
        <Field label="Contact by">{CHANNEL_LABELS[patient.contactChannel]}</Field>
        <Field label="Reminders">{patient.remindersOptOut ? 'Off' : 'On'}</Field>
        <Field label="Clinic">{patient.clinic.name}</Field>
        <Field label="Source">{patient.source}</Field>
        <Field label="Added">{formatDate(patient.createdAt, timeZone)}</Field>
        <Field label="Last changed">{formatDate(patient.updatedAt, timeZone)}</Field>
      </dl>
    </ProfileCard>
  );
}
