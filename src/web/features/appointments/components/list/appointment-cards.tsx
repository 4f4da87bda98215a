import { formatDate, formatTimeRange } from '@domain/format';
import { Button } from '@web/components/ui/button';
import { clinicNameOf, patientNameOf, staffNameOf } from '../../utils/appointment-display';
import { StatusBadge } from '@web/components/appointment-status-badge';
import { ServiceLabel } from '@web/components/service-label';
import type { AppointmentRowsProps } from './appointment-rows-props';

/** The small-screen list: one card per appointment, the action a full-width tap target. */
export function AppointmentCards({
  appointments,
  clinics,
  timeZone,
  onView,
}: AppointmentRowsProps) {
  return (
    <ul className="divide-y" aria-label="Appointments">
      {appointments.map((appointment) => {
        const patient = patientNameOf(appointment);
        return (
          <li key={appointment._id} className="space-y-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{patient}</p>
                <p className="text-sm text-muted-foreground">
                  {formatDate(appointment.date, timeZone)}
                  <br />
                  {formatTimeRange(appointment.date, appointment.duration, timeZone)}
                </p>
                <ServiceLabel appointment={appointment} className="flex" />
              </div>
              <StatusBadge status={appointment.metadata?.status} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Clinic</dt>
              <dd className="truncate">{clinicNameOf(appointment.patient?.clinic, clinics)}</dd>
              <dt className="text-muted-foreground">Provider</dt>
              <dd className="truncate">{staffNameOf(appointment)}</dd>
            </dl>
            <Button variant="outline" className="w-full" onClick={() => onView(appointment._id)}>
              View Details<span className="sr-only"> for {patient}</span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
