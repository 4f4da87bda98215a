import { useId } from 'react';
import type { ClinicSummary } from '@contracts/auth';
import { ClinicPicker } from '@web/components/clinic-picker';
import { SearchField } from '@web/components/search-field';
import { Checkbox } from '@web/components/ui/checkbox';
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
      <SearchField
        className="relative min-w-0 flex-[1_1_20rem]"
        aria-label="Search patients"
        placeholder={SEARCH_PLACEHOLDER}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
      />
      {clinics.length > 1 && (
        <ClinicPicker
          clinics={clinics}
          className="w-full sm:w-56"
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
