import type { ClinicSummary } from '@contracts/auth';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';

const ALL = 'all';

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
    <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
      <SelectTrigger className="w-56" aria-label="Clinic">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>All clinics</SelectItem>
        {clinics.map((c) => (
          <SelectItem key={c.slug} value={c.slug}>
            {c.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
