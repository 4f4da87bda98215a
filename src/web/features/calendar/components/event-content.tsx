import type { EventDisplayInfo } from '@fullcalendar/react';
import { CircleCheckIcon } from 'lucide-react';
import { normalizeStatus } from '@domain/appointment-status';
import { formatTime } from '@domain/format';
import { appointmentOf, holdOf, outsideBusyOf, serviceOfEvent } from '../utils/calendar-events';

/**
 * What an appointment block says: time and patient, then the agent unless the column says it,
 * and the service's name where the column is a room (its colour alone says little there).
 */
export function EventContent({
  info,
  timeZone,
  showAgent,
  showService = false,
}: {
  info: EventDisplayInfo;
  timeZone: string;
  showAgent: boolean;
  showService?: boolean;
}) {
  const hold = holdOf(info.event);
  if (hold) {
    const until = formatTime(hold.expiresAt, timeZone);
    const time = formatTime(hold.start, timeZone);
    return (
      <div
        className="flex min-w-0 flex-col overflow-hidden px-1 leading-tight"
        title={`${time} Held online by a patient until ${until}`}
      >
        <span className="truncate text-xs">
          <span className="font-semibold">{time}</span> Held online
        </span>
        <span className="truncate text-[11px] opacity-80">until {until}</span>
        <span className="sr-only">
          , a patient is booking this time online; it is free again at {until} unless they confirm
        </span>
      </div>
    );
  }
  if (outsideBusyOf(info.event)) {
    return (
      <div className="flex min-w-0 flex-col overflow-hidden px-1 leading-tight">
        <span className="truncate text-xs">Busy — outside calendar</span>
      </div>
    );
  }
  const appointment = appointmentOf(info.event);
  const status = String(info.event.extendedProps.statusText ?? '');
  // The event's own start: while a drag waits for confirmation it shows where it would go.
  const time = formatTime(info.event.start ?? appointment.date, timeZone);
  const agentLine = showAgent && info.view.type !== 'dayGridMonth';
  // Confirmed by the patient (or by staff for them): a mark to see at a glance who is coming.
  const confirmed = normalizeStatus(appointment.metadata.status) === 'CONFIRMED';
  // The service's colour is a stripe at the start, set off from the status colour by a line of
  // the event's text colour, so any service colour stays visible on any status (issue 42).
  const service = serviceOfEvent(info.event);
  return (
    <div
      className="flex h-full min-w-0 flex-col overflow-hidden px-1 leading-tight data-[service]:pl-2"
      data-service={service ? service.name : undefined}
      style={
        service
          ? { boxShadow: `inset 4px 0 0 ${service.colour}, inset 5px 0 0 currentColor` }
          : undefined
      }
      title={`${time} ${info.event.title} · ${appointment.staff.name} · ${status}${service ? ` · ${service.name}` : ''}`}
    >
      <span className="truncate text-xs">
        {confirmed && (
          <CircleCheckIcon
            className="mr-0.5 inline size-3 align-[-2px]"
            aria-hidden="true"
            data-testid="confirmed-mark"
          />
        )}
        <span className="font-semibold">{time}</span> {info.event.title}
      </span>
      {agentLine && (
        <span className="truncate text-[11px] opacity-80">{appointment.staff.name}</span>
      )}
      {showService && service && (
        <span className="truncate text-[11px] opacity-80">{service.name}</span>
      )}
      <span className="sr-only">
        , {status}
        {agentLine ? '' : `, with ${appointment.staff.name}`}
        {service && !showService ? `, ${service.name}` : ''}
      </span>
    </div>
  );
}
