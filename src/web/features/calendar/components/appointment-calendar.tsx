import { useEffect, useRef, type ReactNode } from 'react';
import FullCalendar, {
  type CalendarRef,
  type DateClickInfo,
  type EventDisplayInfo,
  type EventDropInfo,
  type EventInput,
} from '@fullcalendar/react';
import classicTheme from '@fullcalendar/react/themes/classic';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import type { Appointment } from '@contracts/appointments';
import { WEEK_STARTS_ON } from '@domain/format';
import type { DateKey } from '@domain/zoned-time';
import { appointmentOf, holdOf, outsideBusyOf } from '../utils/calendar-events';
import { EventContent } from './event-content';
import './calendar.css';

const PLUGINS = [classicTheme, dayGridPlugin, timeGridPlugin, interactionPlugin];

export type GridView = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth';

export interface CalendarHandlers {
  /** A click (or Enter) on an appointment. */
  onOpen: (appointment: Appointment) => void;
  /** "M" on a focused appointment: the keyboard way to move it. */
  onMoveRequest: (appointment: Appointment) => void;
  /** A click on free time: the local date clicked, in the calendar's zone. */
  onFreeTime: (date: DateKey) => void;
  /** A drag ended on a new time; `revert` puts the event back if the move does not happen. */
  onDrop: (appointment: Appointment, start: Date, revert: () => void) => void;
}

export interface AppointmentCalendarProps extends CalendarHandlers {
  view: GridView;
  date: DateKey;
  timeZone: string;
  events: EventInput[];
  /** Replaces the date in the column header (the day view puts the agent's name there). */
  dayHeader?: ReactNode;
  showAgent?: boolean;
  /** Writes the service's name in each block (the Rooms view). */
  showService?: boolean;
  label: string;
  /** The hours the time grid shows ('HH:mm:ss'); shared so side-by-side grids line up. */
  hours: { slotMinTime: string; slotMaxTime: string };
}

/**
 * One FullCalendar 7 grid. The date and view are ours (the toolbar and the address own them);
 * this only keeps the grid in step and turns its callbacks into appointment terms.
 */
export function AppointmentCalendar(props: AppointmentCalendarProps) {
  const { view, date, timeZone, events, dayHeader, hours, showAgent = true, showService } = props;
  const ref = useRef<CalendarRef>(null);
  // FullCalendar keeps the handlers it was given at mount for DOM listeners; read the latest.
  const handlers = useRef<CalendarHandlers>(props);
  useEffect(() => {
    handlers.current = props;
  });

  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    if (api.view?.type !== view) api.changeView(view, date);
    else api.gotoDate(date);
  }, [view, date]);

  return (
    <section aria-label={props.label} className="calendar-surface">
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        initialView={view}
        initialDate={date}
        timeZone={timeZone}
        locale="en-US"
        firstDay={WEEK_STARTS_ON}
        headerToolbar={false}
        height="auto"
        nowIndicator
        allDaySlot={false}
        slotMinTime={hours.slotMinTime}
        slotMaxTime={hours.slotMaxTime}
        slotMinHeight={34}
        fixedWeekCount={false}
        dayMaxEvents={4}
        eventInteractive
        editable
        eventDurationEditable={false}
        eventAllow={(span) => span.start.getTime() > Date.now()}
        dayHeaderContent={dayHeader ? () => dayHeader : undefined}
        events={events}
        eventContent={(info: EventDisplayInfo) => (
          <EventContent
            info={info}
            timeZone={timeZone}
            showAgent={showAgent}
            showService={showService}
          />
        )}
        eventDidMount={(info) => {
          info.el.dataset.eventId = info.event.id;
          if (holdOf(info.event) || outsideBusyOf(info.event)) return;
          info.el.setAttribute('aria-keyshortcuts', 'M');
          info.el.addEventListener('keydown', (event) => {
            if (event.key !== 'm' && event.key !== 'M') return;
            event.preventDefault();
            handlers.current.onMoveRequest(appointmentOf(info.event));
          });
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          if (holdOf(info.event) || outsideBusyOf(info.event)) return;
          handlers.current.onOpen(appointmentOf(info.event));
        }}
        dateClick={(info: DateClickInfo) => handlers.current.onFreeTime(info.dateStr.slice(0, 10))}
        eventDrop={(info: EventDropInfo) => {
          const start = info.event.start;
          if (!start) return info.revert();
          handlers.current.onDrop(appointmentOf(info.event), start, info.revert);
        }}
      />
    </section>
  );
}
