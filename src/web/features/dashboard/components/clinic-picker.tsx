import type { ClinicSummary } from '@contracts/auth';
import { AllOrOneSelect } from '@web/components/all-or-one-select';

/** Narrows a clinic-wide dashboard to one of the user's clinics. */
export function ClinicPicker({
  clinics,
  value,
  onChange,
}: {
  clinics: readonly ClinicSummary[];
  value: string | undefined;
  onChange: (slug: string | undefined) => void;
}) {
  return (
    <AllOrOneSelect
      aria-label="Clinic"
      className="w-56"
      allLabel="All clinics"
      options={clinics.map((c) => ({ value: c.slug, label: c.name }))}
      value={value}
      onChange={onChange}
    />
  );
}
