import type { EventInput } from '@fullcalendar/react';
import type { DateKey } from '@domain/zoned-time';
import { LoadingBlock } from '@web/components/loading-block';
import { LoadErrorRow } from '@web/components/table-states';
import { Skeleton } from '@web/components/ui/skeleton';
import type { ResourceView } from '@web/queries/resources';
import { resourceIdOfEvent } from '../utils/calendar-events';
import { AppointmentCalendar, type CalendarHandlers } from './appointment-calendar';

export const NO_RESOURCES = 'No rooms or equipment yet: an admin adds them at Admin → Resources.';

export interface CalendarResource {
  resource: ResourceView;
  /** Said under the name when the calendar shows several clinics. */
  clinicName: string;
}

export interface CalendarResources {
  resources: CalendarResource[];
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * The Rooms view (issue 42): a day with a column per active room or machine of the clinics on
 * screen, each appointment in the column of the resource it uses, as the agent day view has a
 * column per agent. A click on free time books that day, where the booking assigns a room.
 */
export function ResourceDayView({
  columns,
  showClinic,
  date,
  timeZone,
  events,
  hours,
  handlers,
  onFreeTime,
}: {
  columns: CalendarResources;
  showClinic: boolean;
  date: DateKey;
  timeZone: string;
  events: EventInput[];
  hours: { slotMinTime: string; slotMaxTime: string };
  handlers: Omit<CalendarHandlers, 'onFreeTime'>;
  onFreeTime: (date: DateKey) => void;
}) {
  if (columns.isPending) {
    return (
      <LoadingBlock label="Loading rooms and equipment…" className="flex gap-2">
        <Skeleton className="h-[28rem] min-w-[15rem] flex-1" />
        <Skeleton className="h-[28rem] min-w-[15rem] flex-1" />
      </LoadingBlock>
    );
  }
  if (columns.error) {
    return <LoadErrorRow message={columns.error.message} onRetry={() => void columns.refetch()} />;
  }
  if (columns.resources.length === 0) {
    return (
      <p className="rounded-md border p-6 text-center text-sm text-muted-foreground">
        {NO_RESOURCES}
      </p>
    );
  }
  return (
    // The scroll area around it (WorkdayScroller) scrolls both ways: on a phone the columns
    // keep their width and scroll sideways, with the names on top.
    <div className="flex gap-2 pb-2" data-testid="resource-day-view">
      {columns.resources.map(({ resource, clinicName }) => (
        <div key={resource.id} className="min-w-[15rem] flex-1" data-resource-id={resource.id}>
          <AppointmentCalendar
            label={`${resource.name}: appointments`}
            view="timeGridDay"
            date={date}
            timeZone={timeZone}
            events={events.filter(
              (event) =>
                resourceIdOfEvent(event as { extendedProps: Record<string, unknown> }) ===
                resource.id,
            )}
            hours={hours}
            showService
            dayHeader={
              <span className="flex min-w-0 flex-col py-1 leading-tight">
                <span className="truncate font-medium">{resource.name}</span>
                <span className="truncate text-xs font-normal text-muted-foreground">
                  {resource.kind === 'room' ? 'Room' : 'Equipment'} · {resource.category}
                  {showClinic ? ` · ${clinicName}` : ''}
                </span>
              </span>
            }
            {...handlers}
            onFreeTime={onFreeTime}
          />
        </div>
      ))}
    </div>
  );
}
