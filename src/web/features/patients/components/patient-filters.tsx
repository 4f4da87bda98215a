import { useId } from 'react';
import { SearchIcon } from 'lucide-react';
import type { ClinicSummary } from '@contracts/auth';
import { AllOrOneSelect } from '@web/components/all-or-one-select';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

export const SEARCH_PLACEHOLDER = 'Search by name, e-mail, phone, date of birth or record number';

/** The search box, the clinic filter (for users of several clinics) and the archived switch. */
export function PatientFilters({
  text,
  onTextChange,
  clinics,
  clinic,
  onClinicChange,
  archived,
  onArchivedChange,
}: {
  text: string;
  onTextChange: (text: string) => void;
  clinics: readonly ClinicSummary[];
  clinic: string | undefined;
  onClinicChange: (clinic: string | undefined) => void;
  archived: boolean;
  onArchivedChange: (archived: boolean) => void;
}) {
  const archivedId = useId();
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <div className="relative min-w-0 flex-[1_1_20rem]">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search patients"
          placeholder={SEARCH_PLACEHOLDER}
          className="pl-9"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
        />
      </div>
      {clinics.length > 1 && (
        <AllOrOneSelect
          aria-label="Clinic"
          allLabel="All clinics"
          className="w-full sm:w-56"
          options={clinics.map((c) => ({ value: c.slug, label: c.name }))}
          value={clinic}
          onChange={onClinicChange}
        />
      )}
      <Label htmlFor={archivedId} className="h-9 cursor-pointer font-normal">
        <Checkbox
          id={archivedId}
          checked={archived}
          onChange={(event) => onArchivedChange(event.target.checked)}
        />
        Show archived
      </Label>
    </div>
  );
}
