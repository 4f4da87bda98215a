import { useId } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { AgentView } from '@contracts/clinics';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { OptionsSelect } from '@web/components/options-select';
import { addDaysToKey, parseDateKey } from '@domain/zoned-time';
import { TimeZonePicker } from '@web/components/time-zone-picker';

export const ALL_AGENTS = 'all';

/** Previous/next day, a date field and "Today"; days before today cannot be chosen. */
export function SlotDateNav({
  date,
  today,
  onChange,
}: {
  date: string;
  today: string;
  onChange: (date: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Date</Label>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous day"
            disabled={date <= today}
            onClick={() => onChange(addDaysToKey(date, -1))}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <Input
            id={id}
            type="date"
            className="w-40"
            value={date}
            min={today}
            onChange={(event) => {
              const next = event.target.value;
              if (parseDateKey(next)) onChange(next < today ? today : next);
            }}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label="Next day"
            onClick={() => onChange(addDaysToKey(date, 1))}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      </div>
      <Button variant="ghost" disabled={date === today} onClick={() => onChange(today)}>
        Today
      </Button>
    </div>
  );
}

export function SlotFilters({
  durations,
  duration,
  onDurationChange,
  agents,
  agentFilter,
  onAgentFilterChange,
  timeZone,
  onTimeZoneChange,
}: {
  durations: number[];
  duration: number;
  onDurationChange: (minutes: number) => void;
  agents: AgentView[];
  agentFilter: string;
  onAgentFilterChange: (agentId: string) => void;
  timeZone: string;
  onTimeZoneChange: (zone: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-duration`}>Duration</Label>
        <OptionsSelect
          id={`${id}-duration`}
          value={String(duration)}
          onChange={(v) => onDurationChange(Number(v))}
          options={durations.map((minutes) => ({
            value: String(minutes),
            label: `${minutes} min`,
          }))}
        />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-agent`}>Provider</Label>
        <OptionsSelect
          id={`${id}-agent`}
          // An empty value shows the placeholder while the list loads.
          value={
            agents.some((agent) => agent._id === agentFilter) ||
            (agentFilter === ALL_AGENTS && agents.length > 1)
              ? agentFilter
              : ''
          }
          onChange={onAgentFilterChange}
          disabled={agents.length <= 1}
          placeholder="All providers"
          options={[
            ...(agents.length > 1 ? [{ value: ALL_AGENTS, label: 'All providers' }] : []),
            ...agents.map((agent) => ({ value: agent._id, label: agent.name })),
          ]}
        />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-zone`}>Times shown in</Label>
        <TimeZonePicker id={`${id}-zone`} value={timeZone} onChange={onTimeZoneChange} />
      </div>
    </div>
  );
}
