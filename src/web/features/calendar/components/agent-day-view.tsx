import type { EventInput } from '@fullcalendar/react';
import type { DateKey } from '@domain/zoned-time';
import type { CalendarAgent } from '../hooks/use-calendar-agents';
import { agentIdOfEvent } from '../utils/calendar-events';
import { AppointmentCalendar, type CalendarHandlers } from './appointment-calendar';

/**
 * The day view: one column per agent. FullCalendar's resource columns are a premium feature, so
 * each agent gets their own one-day time grid, side by side; a click on free time books with
 * that agent.
 */
export function AgentDayView({
  agents,
  date,
  timeZone,
  events,
  hours,
  handlers,
  onFreeTime,
}: {
  agents: readonly CalendarAgent[];
  date: DateKey;
  timeZone: string;
  events: EventInput[];
  hours: { slotMinTime: string; slotMaxTime: string };
  handlers: Omit<CalendarHandlers, 'onFreeTime'>;
  onFreeTime: (date: DateKey, agentId: string) => void;
}) {
  if (agents.length === 0) {
    return (
      <p className="rounded-md border p-6 text-center text-sm text-muted-foreground">
        No providers take appointments at this clinic.
      </p>
    );
  }
  return (
    // The scroll area around it (WorkdayScroller) scrolls both ways, so the names stay on top.
    <div className="flex gap-2 pb-2" data-testid="agent-day-view">
      {agents.map((agent) => (
        <div key={agent.id} className="min-w-[15rem] flex-1" data-agent-id={agent.id}>
          <AppointmentCalendar
            label={`${agent.name}'s appointments`}
            view="timeGridDay"
            date={date}
            timeZone={timeZone}
            events={events.filter(
              (event) =>
                agentIdOfEvent(event as { extendedProps: Record<string, unknown> }) === agent.id,
            )}
            hours={hours}
            showAgent={false}
            dayHeader={<span className="truncate py-1 font-medium">{agent.name}</span>}
            {...handlers}
            onFreeTime={(day) => onFreeTime(day, agent.id)}
          />
        </div>
      ))}
    </div>
  );
}
