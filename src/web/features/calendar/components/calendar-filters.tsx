import { useId } from 'react';
import type { ClinicSummary } from '@contracts/auth';
import { Label } from '@web/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';
import type { CalendarAgent } from '../hooks/use-calendar-agents';

const ALL = 'all';

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
          <Select
            value={clinic ?? ALL}
            onValueChange={(value) => onClinicChange(value === ALL ? undefined : value)}
          >
            <SelectTrigger id={`${id}-clinic`}>
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
        </div>
      )}
      <div className="grid w-full gap-1.5 sm:w-56">
        <Label htmlFor={`${id}-agent`}>Provider</Label>
        <Select
          value={agentId && agents.some((a) => a.id === agentId) ? agentId : ALL}
          onValueChange={(value) => onAgentChange(value === ALL ? undefined : value)}
        >
          <SelectTrigger id={`${id}-agent`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All providers</SelectItem>
            {agents.map((agent) => (
              <SelectItem key={agent.id} value={agent.id}>
                {agent.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
