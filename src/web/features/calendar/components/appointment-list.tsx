import type { Appointment } from '@contracts/appointments';
import { canChangeAppointment } from '@domain/appointment-status';
import { formatDateWithWeekday, formatTimeRange, groupByLocalDate } from '@domain/format';
import { StatusBadge } from '@web/components/appointment-status-badge';
import { ServiceLabel } from '@web/components/service-label';
import { Button } from '@web/components/ui/button';

function describe(a: Appointment, timeZone: string): string {
  return `${a.patient.name || 'Unknown Patient'}, ${formatDateWithWeekday(a.date, timeZone)} ${formatTimeRange(a.date, a.duration, timeZone)}`;
}

/**
 * The list view (spec §2): the range's appointments grouped by local date in the viewer's zone,
 * by time within each day. It is also the keyboard way through the calendar: every row opens
 * the details and offers Move… when the appointment can still change.
 */
export function AppointmentList({
  appointments,
  timeZone,
  now,
  onOpen,
  onMove,
}: {
  appointments: readonly Appointment[];
  timeZone: string;
  now: Date;
  onOpen: (appointment: Appointment) => void;
  onMove: (appointment: Appointment) => void;
}) {
  const groups = groupByLocalDate(appointments, (a) => a.date, timeZone);
  if (groups.length === 0) {
    return (
      <p className="rounded-md border p-6 text-center text-sm text-muted-foreground">
        No appointments in this range.
      </p>
    );
  }
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.date} aria-labelledby={`day-${group.date}`}>
          <h3 id={`day-${group.date}`} className="mb-2 text-sm font-semibold">
            {formatDateWithWeekday(group.items[0]!.date, timeZone)}
          </h3>
          <ul className="divide-y rounded-md border">
            {group.items.map((a) => (
              <li
                key={a._id}
                className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-3 py-2 sm:grid-cols-[10rem_minmax(0,1fr)_auto_auto]"
              >
                <span className="text-sm tabular-nums">
                  {formatTimeRange(a.date, a.duration, timeZone)}
                </span>
                <StatusBadge status={a.metadata.status} className="justify-self-end sm:order-3" />
                <span className="col-span-2 min-w-0 sm:order-2 sm:col-span-1">
                  <span className="block truncate text-sm font-medium">
                    {a.patient.name || 'Unknown Patient'}
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {a.staff.name} · {a.patient.clinic.toUpperCase()}
                  </span>
                  <ServiceLabel appointment={a} className="flex" />
                </span>
                <span className="col-span-2 flex justify-end gap-1 sm:order-4 sm:col-span-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`View Details: ${describe(a, timeZone)}`}
                    onClick={() => onOpen(a)}
                  >
                    View Details
                  </Button>
                  {canChangeAppointment({ date: a.date, status: a.metadata.status }, now) && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Move… ${describe(a, timeZone)}`}
                      onClick={() => onMove(a)}
                    >
                      Move…
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
