import type { ClinicSummary } from '@contracts/auth';
import { AllOrOneSelect } from '@web/components/all-or-one-select';

/** Narrows a clinic-wide list (the dashboard, the patients) to one of the user's clinics. */
export function ClinicPicker({
  clinics,
  value,
  onChange,
  className = 'w-56',
}: {
  clinics: readonly ClinicSummary[];
  value: string | undefined;
  onChange: (slug: string | undefined) => void;
  className?: string;
}) {
  return (
    <AllOrOneSelect
      aria-label="Clinic"
      className={className}
      allLabel="All clinics"
      options={clinics.map((c) => ({ value: c.slug, label: c.name }))}
      value={value}
      onChange={onChange}
    />
  );
}
