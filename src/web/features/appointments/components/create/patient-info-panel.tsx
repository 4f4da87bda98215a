import { useId } from 'react';
import { formatCalendarDate } from '@web/lib/calendar-date';
import type { CreateForm } from './use-create-wizard';

/** Spec §2: after a patient is chosen, their ID, Full Name, DOB, Phone and Email. */
export function PatientInfoPanel({ form }: { form: CreateForm }) {
  const headingId = useId();
  const rows: Array<[string, string]> = [
    ['ID', form.patientId],
    ['Full Name', form.patientName],
    ['DOB', form.patientDob ? formatCalendarDate(form.patientDob) : ''],
    ['Phone', form.patientPhone],
    ['Email', form.patientEmail],
  ];
  return (
    <section aria-labelledby={headingId} className="rounded-lg border bg-muted/40 p-4">
      <h4 id={headingId} className="mb-3 text-sm font-semibold">
        Patient Information
      </h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0 break-words">{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
