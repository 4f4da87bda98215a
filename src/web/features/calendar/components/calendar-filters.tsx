import { useId } from 'react';
import type { ClinicSummary } from '@contracts/auth';
import { Label } from '@web/components/ui/label';
import { AllOrOneSelect, type AllOrOneSelectProps } from '@web/components/all-or-one-select';
import type { CalendarAgent } from '../hooks/use-calendar-agents';

/** Clinic and agent filters; "all" clears each. */
export function CalendarFilters({
  clinics,
  clinic,
  onClinicChange,
  agents,
  agentId,
  onAgentChange,
}: {
  clinics: readonly ClinicSummary[];
  clinic: string | undefined;
  onClinicChange: (slug: string | undefined) => void;
  agents: readonly CalendarAgent[];
  agentId: string | undefined;
  onAgentChange: (id: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      {clinics.length > 1 && (
        <FilterSelect
          id={`${id}-clinic`}
          label="Clinic"
          allLabel="All clinics"
          options={clinics.map((c) => ({ value: c.slug, label: c.name }))}
          value={clinic}
          onChange={onClinicChange}
        />
      )}
      <FilterSelect
        id={`${id}-agent`}
        label="Provider"
        allLabel="All providers"
        options={agents.map((agent) => ({ value: agent.id, label: agent.name }))}
        value={agentId}
        onChange={onAgentChange}
      />
    </div>
  );
}

function FilterSelect({ label, ...select }: { label: string } & AllOrOneSelectProps) {
  return (
    <div className="grid w-full gap-1.5 sm:w-56">
      <Label htmlFor={select.id}>{label}</Label>
      <AllOrOneSelect {...select} />
    </div>
  );
}
