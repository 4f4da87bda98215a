import type { Appointment } from '@contracts/appointments';
import { formatDate, formatTimeRange } from '@domain/format';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { clinicNameOf, patientNameOf, staffNameOf } from '../../utils/appointment-display';
import { StatusBadge } from '../status-badge';
import type { AppointmentRowsProps } from './appointment-rows-props';

const headCell = 'h-10 px-4 text-left align-middle text-xs font-medium text-muted-foreground';
const cell = 'px-4 py-3 align-middle';

/** The desktop list: one appointment per row, newest first as the server sends them. */
export function AppointmentsTable({
  appointments,
  clinics,
  timeZone,
  onView,
}: AppointmentRowsProps) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Appointments</caption>
      <thead className="border-b bg-muted/40">
        <tr>
          <th scope="col" className={headCell}>
            Date and time
          </th>
          <th scope="col" className={headCell}>
            Patient
          </th>
          <th scope="col" className={cn(headCell, 'hidden lg:table-cell')}>
            Clinic
          </th>
          <th scope="col" className={headCell}>
            Provider
          </th>
          <th scope="col" className={headCell}>
            Status
          </th>
          <th scope="col" className={cn(headCell, 'text-right')}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {appointments.map((appointment) => (
          <AppointmentRow
            key={appointment._id}
            appointment={appointment}
            clinicName={clinicNameOf(appointment.patient?.clinic, clinics)}
            timeZone={timeZone}
            onView={onView}
          />
        ))}
      </tbody>
    </table>
  );
}

function AppointmentRow({
  appointment,
  clinicName,
  timeZone,
  onView,
}: {
  appointment: Appointment;
  clinicName: string;
  timeZone: string;
  onView: (id: string) => void;
}) {
  const patient = patientNameOf(appointment);
  return (
    <tr className="border-b transition-colors last:border-0 hover:bg-muted/30">
      <td className={cn(cell, 'whitespace-nowrap')}>
        <div className="font-medium">{formatDate(appointment.date, timeZone)}</div>
        <div className="text-muted-foreground">
          {formatTimeRange(appointment.date, appointment.duration, timeZone)}
        </div>
      </td>
      <td className={cell}>
        <div className="font-medium">{patient}</div>
        <div className="max-w-56 truncate text-muted-foreground">{appointment.patient?.email}</div>
      </td>
      <td className={cn(cell, 'hidden min-w-32 lg:table-cell')}>{clinicName}</td>
      <td className={cn(cell, 'whitespace-nowrap')}>{staffNameOf(appointment)}</td>
      <td className={cell}>
        <StatusBadge status={appointment.metadata?.status} />
      </td>
      <td className={cn(cell, 'text-right')}>
        <Button variant="outline" size="sm" onClick={() => onView(appointment._id)}>
          View Details<span className="sr-only"> for {patient}</span>
        </Button>
      </td>
    </tr>
  );
}
