import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FilterIcon, SearchIcon, XIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/utils';
import { clinicAgentsQueryOptions, type ClinicView } from '@web/queries/clinics';
import {
  FILTER_KEYS,
  type AppointmentFilterValues,
  type FilterKey,
} from '../../utils/appointment-filters';
import { SelectFilter } from './select-filter';
import { TextFilter } from './text-filter';

export function AppointmentFiltersBar({
  filters,
  clinics,
  onChange,
  onReset,
}: {
  filters: AppointmentFilterValues;
  clinics: readonly ClinicView[];
  onChange: (key: FilterKey, value: string | undefined) => void;
  onReset: () => void;
}) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  // With one clinic there is nothing to choose: its staff are the ones to filter by.
  const staffClinic = filters.clinic ?? (clinics.length === 1 ? clinics[0]!.slug : '');
  const agents = useQuery(clinicAgentsQueryOptions(staffClinic));
  const active = FILTER_KEYS.filter((key) => filters[key] !== undefined && key !== 'search');

  return (
    <section aria-label="Filters" className="space-y-3">
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextFilter
            id={`${id}-search`}
            label="Search"
            type="search"
            placeholder="Patient name or email"
            icon={<SearchIcon aria-hidden="true" />}
            value={filters.search}
            onCommit={(value) => onChange('search', value)}
          />
        </div>
        <Button
          variant="outline"
          className="md:hidden"
          aria-expanded={expanded}
          aria-controls={`${id}-more`}
          onClick={() => setExpanded((open) => !open)}
        >
          <FilterIcon aria-hidden="true" />
          Filters{active.length > 0 && ` (${active.length})`}
        </Button>
      </div>
      <div
        id={`${id}-more`}
        className={cn(
          'grid-cols-1 gap-3 sm:grid-cols-2 md:grid md:grid-cols-3 xl:grid-cols-5',
          expanded ? 'grid' : 'hidden',
        )}
      >
        <SelectFilter
          id={`${id}-clinic`}
          label="Clinic"
          allLabel="All clinics"
          value={filters.clinic}
          options={clinics.map((clinic) => ({ value: clinic.slug, label: clinic.name }))}
          onChange={(value) => onChange('clinic', value)}
        />
        <SelectFilter
          id={`${id}-staff`}
          label="Staff"
          allLabel="All staff"
          disabledHint="Choose a clinic first"
          value={staffClinic ? filters.staffId : undefined}
          disabled={!staffClinic}
          options={(agents.data ?? []).map((agent) => ({ value: agent._id, label: agent.name }))}
          onChange={(value) => onChange('staffId', value)}
        />
        <TextFilter
          id={`${id}-email`}
          label="Patient email"
          type="email"
          placeholder="patient@example.com"
          value={filters.patientEmail}
          onCommit={(value) => onChange('patientEmail', value)}
        />
        <div className="grid grid-cols-2 gap-3 md:col-span-2 xl:col-span-2">
          <DateFilter
            id={`${id}-from`}
            label="From"
            value={filters.dateFrom}
            max={filters.dateTo}
            onChange={(value) => onChange('dateFrom', value)}
          />
          <DateFilter
            id={`${id}-to`}
            label="To"
            value={filters.dateTo}
            min={filters.dateFrom}
            onChange={(value) => onChange('dateTo', value)}
          />
        </div>
      </div>
      {(active.length > 0 || filters.search) && (
        <Button variant="ghost" size="sm" onClick={onReset}>
          <XIcon aria-hidden="true" />
          Clear filters
        </Button>
      )}
    </section>
  );
}

function DateFilter(props: {
  id: string;
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="date"
        value={props.value ?? ''}
        min={props.min}
        max={props.max}
        onChange={(event) => props.onChange(event.target.value || undefined)}
      />
    </div>
  );
}
