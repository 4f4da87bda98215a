import type { PublicService } from '@contracts/online-booking';
import { visitLengthLabel } from './book-online-times';
import { ENGLISH, usePatientWords, type MessageId, type PatientWords } from './i18n/patient-intl';

// The booking page's first step (issue 42): which service, when the clinic offers more than one.

const KIND_LABELS: Record<PublicService['kind'], MessageId> = {
  in_person: 'service.kind.inPerson',
  video: 'service.kind.video',
  phone: 'service.kind.phone',
};

/**
 * "In person · 45 minutes", "Video visit · 30 minutes or 1 hour": what a patient compares. A
 * service named for its kind ("Video visit") is not told twice.
 */
export function serviceSummary(service: PublicService, words: PatientWords = ENGLISH): string {
  const lengths = service.durations.map((minutes) => visitLengthLabel(minutes, words));
  const last = lengths.pop();
  const length =
    lengths.length === 0
      ? last!
      : words.t('service.lengthsOr', { lengths: lengths.join(', '), last });
  const kind = words.t(KIND_LABELS[service.kind]);
  return kind.toLowerCase() === service.name.trim().toLowerCase() ? length : `${kind} · ${length}`;
}

/** The services as large radio cards: arrow keys move between them, as for any radios. */
export function ServiceChooser({
  services,
  value,
  onChange,
}: {
  services: readonly PublicService[];
  value: string;
  onChange: (serviceId: string) => void;
}) {
  const words = usePatientWords();
  return (
    <fieldset className="mt-4 grid gap-2">
      <legend className="mb-1 text-base font-semibold text-slate-900">
        {words.t('service.choose')}
      </legend>
      {services.map((service) => (
        <label
          key={service.id}
          className="flex min-h-11 cursor-pointer flex-col rounded-xl border border-slate-300 bg-white px-4 py-3 text-slate-900 has-checked:border-teal-700 has-checked:bg-teal-50 has-checked:ring-1 has-checked:ring-teal-700 has-focus-visible:ring-2 has-focus-visible:ring-teal-500"
        >
          <input
            type="radio"
            name="service"
            className="sr-only"
            value={service.id}
            checked={service.id === value}
            onChange={() => onChange(service.id)}
          />
          <span className="text-base font-medium break-words">{service.name}</span>
          <span className="text-sm text-slate-600">{serviceSummary(service, words)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** What the patient should know before they confirm, when the clinic wrote it. */
export function ServiceInstructions({ service }: { service: PublicService }) {
  const { t } = usePatientWords();
  if (!service.instructions) return null;
  return (
    <div className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-slate-800">
      <p className="font-medium text-slate-900">{t('place.before')}</p>
      <p className="mt-1 whitespace-pre-line break-words">{service.instructions}</p>
    </div>
  );
}
