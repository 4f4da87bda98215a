import type { UseQueryResult } from '@tanstack/react-query';
import type { EventInput } from '@fullcalendar/react';
import type { Appointment } from '@contracts/appointments';
import type { DateKey } from '@domain/zoned-time';
import { LoadErrorRow } from '@web/components/table-states';
import { LoadingBlock } from '@web/components/loading-block';
import { Skeleton } from '@web/components/ui/skeleton';
import type { CalendarAgent } from '../hooks/use-calendar-agents';
import type { CalendarState } from '../hooks/use-calendar-state';
import { AgentDayView } from './agent-day-view';
import { AppointmentCalendar, type CalendarHandlers, type GridView } from './appointment-calendar';
import { AppointmentList } from './appointment-list';
import { ResourceDayView, type CalendarResources } from './resource-day-view';
import { WorkdayScroller } from './workday-scroller';

/** Loading, error, then the chosen view of the range. */
export function CalendarBody({
  state,
  query,
  timeZone,
  now,
  appointments,
  events,
  agents,
  resources,
  hours,
  handlers,
  onFreeTime,
}: {
  state: CalendarState;
  query: UseQueryResult<Appointment[]>;
  timeZone: string;
  now: Date;
  appointments: Appointment[];
  events: EventInput[];
  agents: CalendarAgent[];
  /** The Rooms view's columns, with their own loading and error; several clinics name theirs. */
  resources: CalendarResources & { showClinic: boolean };
  hours: { slotMinTime: string; slotMaxTime: string };
  handlers: Omit<CalendarHandlers, 'onFreeTime'>;
  onFreeTime: (date: DateKey, agentId?: string) => void;
}) {
  if (query.isPending) {
    return (
      <LoadingBlock label="Loading appointments…" className="space-y-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-[28rem] w-full" />
      </LoadingBlock>
    );
  }
  if (query.isError) {
    return <LoadErrorRow message={query.error.message} onRetry={() => void query.refetch()} />;
  }

  const refreshing = query.isFetching && query.isPlaceholderData;
  const openAt = `${state.view} ${state.date} ${hours.slotMinTime}`;
  const grid = (label: string, view: GridView) => (
    <AppointmentCalendar
      label={label}
      view={view}
      date={state.date}
      timeZone={timeZone}
      events={events}
      hours={hours}
      {...handlers}
      onFreeTime={(date) => onFreeTime(date)}
    />
  );
  return (
    <div
      aria-busy={refreshing}
      className={refreshing ? 'opacity-70 transition-opacity' : undefined}
    >
      {state.view === 'list' ? (
        <AppointmentList
          appointments={appointments}
          timeZone={timeZone}
          now={now}
          onOpen={handlers.onOpen}
          onMove={handlers.onMoveRequest}
        />
      ) : state.view === 'day' ? (
        <WorkdayScroller openAt={openAt}>
          <AgentDayView
            agents={agents}
            date={state.date}
            timeZone={timeZone}
            events={events}
            hours={hours}
            handlers={handlers}
            onFreeTime={onFreeTime}
          />
        </WorkdayScroller>
      ) : state.view === 'resources' ? (
        <WorkdayScroller openAt={openAt}>
          <ResourceDayView
            columns={resources}
            showClinic={resources.showClinic}
            date={state.date}
            timeZone={timeZone}
            events={events}
            hours={hours}
            handlers={handlers}
            onFreeTime={(date) => onFreeTime(date)}
          />
        </WorkdayScroller>
      ) : state.view === 'week' ? (
        <WorkdayScroller openAt={openAt}>{grid('Week calendar', 'timeGridWeek')}</WorkdayScroller>
      ) : (
        grid('Month calendar', 'dayGridMonth')
      )}
    </div>
  );
}
