import { useId } from 'react';
import type { ClinicSummary } from '@contracts/auth';
import { Label } from '@web/components/ui/label';
import { AllOrOneSelect } from '@web/components/all-or-one-select';
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
        <div className="grid w-full gap-1.5 sm:w-56">
          <Label htmlFor={`${id}-clinic`}>Clinic</Label>
          <AllOrOneSelect
            id={`${id}-clinic`}
            allLabel="All clinics"
            options={clinics.map((c) => ({ value: c.slug, label: c.name }))}
            value={clinic}
            onChange={onClinicChange}
          />
        </div>
      )}
      <div className="grid w-full gap-1.5 sm:w-56">
        <Label htmlFor={`${id}-agent`}>Provider</Label>
        <AllOrOneSelect
          id={`${id}-agent`}
          allLabel="All providers"
          options={agents.map((agent) => ({ value: agent.id, label: agent.name }))}
          value={agentId}
          onChange={onAgentChange}
        />
      </div>
    </div>
  );
}
