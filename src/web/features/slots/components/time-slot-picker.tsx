import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_DURATION_MINUTES } from '@domain/constants';
import { formatDateWithWeekday, formatTime } from '@domain/format';
import type { TimeSlot } from '@domain/slots';
import { localDateKeyOf, wallClockToUtc } from '@domain/zoned-time';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { durationsFor, offersService } from '@domain/services';
import { clinicAgentsQueryOptions } from '@web/queries/clinics';
import { serviceRulesOf, type ServiceView } from '@web/queries/services';
import { slotsQueryOptions, type SlotsRequest } from '../api/get-slots';
import { ALL_AGENTS, SlotDateNav, SlotFilters } from './slot-picker-controls';
import { HeldTimesNote } from './held-times-note';
import { SlotEmptyState } from './slot-empty-state';
import { SlotRadioGroup, type SlotGroup } from './slot-radio-group';
import {
  ANY_RESOURCE,
  ResourceSelect,
  resourceNameOf,
  useResourceNeed,
  WithoutResourceNote,
} from './resource-choice';

export type { TimeSlot };

const DURATIONS = [15, 30, 45, 60];

export interface TimeSlotPickerProps {
  clinicSlug: string;
  value: TimeSlot | null;
  onChange: (slot: TimeSlot) => void;
  /** Restricts the agents offered (reassign leaves out the current one). */
  agentIds?: string[];
  defaultAgentId?: string;
  /** YYYY-MM-DD in the shown time zone; today when absent or past. */
  defaultDate?: string;
  /** The zone times are shown in; the user's own setting, else the browser's, when absent. */
  timezone?: string;
  durationMinutes?: number;
  /** The appointment being moved, whose own time does not count as taken. */
  excludeAppointmentId?: string;
  /** That appointment's present time and agent: not offered, since choosing it changes nothing. */
  current?: { start: string; agentId: string; durationMinutes: number };
  /**
   * The service booked (issue 42): its lengths (or a provider's own), only those who offer it,
   * and its free times. Absent or the clinic's default: any of the usual lengths, as before.
   */
  service?: ServiceView;
}

/** Whether `slot` is exactly `current`: the same agent, start and length. */
export function isCurrentSlot(slot: TimeSlot, current: TimeSlotPickerProps['current']): boolean {
  return (
    current !== undefined &&
    slot.agentId === current.agentId &&
    slot.durationMinutes === current.durationMinutes &&
    Date.parse(slot.startTime) === Date.parse(current.start)
  );
}

function groupByAgent(slots: TimeSlot[]): SlotGroup[] {
  const groups = new Map<string, SlotGroup>();
  for (const slot of slots) {
    const group = groups.get(slot.agentId);
    if (group) group.slots.push(slot);
    else
      groups.set(slot.agentId, { agentId: slot.agentId, agentName: slot.agentName, slots: [slot] });
  }
  return [...groups.values()].sort((a, b) => a.agentName.localeCompare(b.agentName));
}

/** The shared time-slot picker of the create, reschedule and reassign dialogs. */
export function TimeSlotPicker(props: TimeSlotPickerProps) {
  const { clinicSlug, value, onChange, agentIds, excludeAppointmentId, current } = props;
  const headingId = useId();
  const viewerZone = useViewerTimeZone();
  const [zoneChoice, setZoneChoice] = useState(props.timezone ?? null);
  const timeZone = zoneChoice ?? viewerZone;
  const today = localDateKeyOf(Date.now(), timeZone);
  const [dateChoice, setDateChoice] = useState(props.defaultDate ?? null);
  const date = dateChoice && dateChoice > today ? dateChoice : today;
  const service = props.service && !props.service.isDefault ? props.service : undefined;
  const rules = useMemo(() => service && serviceRulesOf(service), [service]);
  const [durationChoice, setDuration] = useState(props.durationMinutes ?? DEFAULT_DURATION_MINUTES);
  const [filterChoice, setFilterChoice] = useState(props.defaultAgentId ?? ALL_AGENTS);

  const agentsQuery = useQuery(clinicAgentsQueryOptions(clinicSlug));
  const allowAgent = (agentId: string) =>
    (!agentIds || agentIds.includes(agentId)) && (!rules || offersService(rules, agentId));
  const agents = (agentsQuery.data ?? []).filter((agent) => allowAgent(agent._id));
  // A provider who does not offer the chosen service is no longer a choice: everyone again.
  const agentFilter =
    agents.length === 1
      ? agents[0]!._id
      : !agentsQuery.isSuccess || filterChoice === ALL_AGENTS || allowAgent(filterChoice)
        ? filterChoice
        : ALL_AGENTS;

  // A service is booked for its own lengths (a provider's own where they have one, ADR 044);
  // the default service for any length, so the usual choices and a custom one stay.
  const serviceLengths =
    rules && (agentFilter === ALL_AGENTS ? rules.durations : durationsFor(rules, agentFilter));
  const duration = serviceLengths
    ? serviceLengths.includes(durationChoice)
      ? durationChoice
      : serviceLengths[0]!
    : durationChoice;
  const durations: number[] = serviceLengths
    ? [...serviceLengths]
    : DURATIONS.includes(duration)
      ? DURATIONS
      : [...DURATIONS, duration].sort((a, b) => a - b);

  // What the service needs besides its provider (ADR 045): any free one, or the one staff chose.
  const resourceNeed = useResourceNeed(clinicSlug, service);
  const [resourceChoice, setResourceChoice] = useState(ANY_RESOURCE);
  const pickedResource = resourceNeed.candidates.some((r) => r.id === resourceChoice)
    ? resourceChoice
    : undefined;

  const request: SlotsRequest = {
    clinicSlug,
    from: date,
    to: date,
    durationMinutes: duration,
    serviceId: service?.id,
    agentId: agentFilter === ALL_AGENTS ? undefined : agentFilter,
    timezone: timeZone,
    excludeAppointmentId,
    resourceId: pickedResource,
  };
  const slotsQuery = useQuery(slotsQueryOptions(request));
  const slots = useMemo(
    () =>
      (slotsQuery.data?.slots ?? []).filter(
        (slot) => (!agentIds || agentIds.includes(slot.agentId)) && !isCurrentSlot(slot, current),
      ),
    [slotsQuery.data, agentIds, current],
  );
  const showAgent = agentFilter === ALL_AGENTS;
  const withoutResource = (slotsQuery.data?.withoutResource ?? []).filter(
    (t) => (!agentIds || agentIds.includes(t.agentId)) && (showAgent || t.agentId === agentFilter),
  );
  // A time hands on the room staff chose; left to the booking, none (the first free one then).
  const choose = (slot: TimeSlot) =>
    onChange({ ...slot, resourceId: pickedResource ? slot.resourceId : undefined });
  // The chosen time's room: the one chosen, else the one it would get now.
  const chosenResource =
    value &&
    resourceNameOf(
      resourceNeed,
      value.resourceId ?? slots.find((s) => s.slotId === value.slotId)?.resourceId ?? undefined,
    );
  const dayLabel = formatDateWithWeekday(wallClockToUtc(date, 12 * 60, timeZone), timeZone);
  const noAgents = agentsQuery.isSuccess && agents.length === 0;

  return (
    <div className="space-y-4">
      <div className="space-y-3">
        <SlotDateNav date={date} today={today} onChange={setDateChoice} />
        <SlotFilters
          durations={durations}
          duration={duration}
          onDurationChange={setDuration}
          agents={agents}
          agentFilter={agentFilter}
          onAgentFilterChange={setFilterChoice}
          timeZone={timeZone}
          onTimeZoneChange={setZoneChoice}
        />
        <ResourceSelect
          choice={resourceNeed}
          value={pickedResource ?? ANY_RESOURCE}
          onChange={setResourceChoice}
        />
      </div>
      <section aria-labelledby={headingId} className="space-y-3">
        <p id={headingId} className="text-sm font-medium">
          {dayLabel}
        </p>
        {noAgents ? (
          <p className="text-sm text-muted-foreground">
            No provider can be booked here for this appointment.
          </p>
        ) : slotsQuery.isPending ? (
          <div
            aria-busy="true"
            className="grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-2"
          >
            <span className="sr-only" role="status">
              Loading available times…
            </span>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-9" />
            ))}
          </div>
        ) : slotsQuery.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-destructive" role="alert">
              {slotsQuery.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => void slotsQuery.refetch()}>
              Try again
            </Button>
          </div>
        ) : slots.length === 0 ? (
          <SlotEmptyState request={request} allowSlot={allowAgent} onJump={setDateChoice} />
        ) : (
          <SlotRadioGroup
            label={`Available times on ${dayLabel}`}
            groups={showAgent ? groupByAgent(slots) : [{ agentId: '', agentName: '', slots }]}
            showAgent={showAgent}
            value={value}
            onChange={choose}
            timeZone={timeZone}
          />
        )}
        {slotsQuery.isSuccess && (
          <WithoutResourceNote choice={resourceNeed} times={withoutResource} timeZone={timeZone} />
        )}
        {!noAgents && (
          <HeldTimesNote
            clinicSlug={clinicSlug}
            date={date}
            timeZone={timeZone}
            agents={
              agentFilter === ALL_AGENTS ? agents : agents.filter((a) => a._id === agentFilter)
            }
          />
        )}
      </section>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {value && (
          <>
            Chosen:{' '}
            <span className="font-medium text-foreground">
              {formatDateWithWeekday(value.startTime, timeZone)} at{' '}
              {formatTime(value.startTime, timeZone)}
            </span>{' '}
            with {value.agentName}
            {chosenResource && <>, in {chosenResource}</>}
          </>
        )}
      </p>
    </div>
  );
}
