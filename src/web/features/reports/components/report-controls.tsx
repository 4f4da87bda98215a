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
  shown,
  onChange,
}: {
  clinics: readonly ClinicSummary[];
  request: ReportRequest;
  /** The period the report on screen covers: the dates show it until the user picks others. */
  shown?: { from: string; to: string };
  onChange: (next: Partial<ReportRequest>) => void;
}) {
  const id = useId();
  const from = request.from ?? shown?.from;
  const to = request.to ?? shown?.to;
  // The server takes both ends or neither: changing one keeps the other as it is shown.
  const changeEnd = (end: 'from' | 'to', value: string) =>
    onChange(value ? { from, to, [end]: value } : { from: undefined, to: undefined });
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
          value={from ?? ''}
          onChange={(e) => changeEnd('from', e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          className="w-40"
          value={to ?? ''}
          onChange={(e) => changeEnd('to', e.target.value)}
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
