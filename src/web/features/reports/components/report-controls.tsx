import { useId } from 'react';
import type { ClinicSummary } from '@contracts/auth';
import type { ReportGroup } from '@contracts/reports';
import type { ReportGranularity } from '@domain/report-periods';
import { ClinicPicker } from '@web/components/clinic-picker';
import { OptionsSelect } from '@web/components/options-select';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import type { ReportRequest } from '../api/get-report';

const BY_OPTIONS = [
  { value: 'month', label: 'By month' },
  { value: 'week', label: 'By week' },
];
const GROUP_OPTIONS = [
  { value: 'clinic', label: 'Clinic' },
  { value: 'provider', label: 'Provider' },
  { value: 'service', label: 'Service' },
  { value: 'source', label: 'Source' },
];

/** What the report covers: clinic, period, weeks or months, and what its lines are. */
export function ReportControls({
  clinics,
  request,
  onChange,
}: {
  clinics: readonly ClinicSummary[];
  request: ReportRequest;
  onChange: (next: Partial<ReportRequest>) => void;
}) {
  const id = useId();
  return (
    <div className="mb-6 flex flex-wrap items-end gap-4" role="group" aria-label="Report options">
      {clinics.length > 1 && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-clinic`}>Clinic</Label>
          <ClinicPicker
            clinics={clinics}
            value={request.clinic}
            onChange={(clinic) => onChange({ clinic })}
          />
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          className="w-40"
          value={request.from ?? ''}
          onChange={(e) => onChange({ from: e.target.value || undefined })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          className="w-40"
          value={request.to ?? ''}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-by`}>Periods</Label>
        <OptionsSelect
          id={`${id}-by`}
          className="w-36"
          value={request.by}
          options={BY_OPTIONS}
          onChange={(by) => onChange({ by: by as ReportGranularity })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-group`}>Split by</Label>
        <OptionsSelect
          id={`${id}-group`}
          className="w-36"
          value={request.group}
          options={GROUP_OPTIONS}
          onChange={(group) => onChange({ group: group as ReportGroup })}
        />
      </div>
    </div>
  );
}
