import type { Appointment } from '@contracts/appointments';
import { formatDate, formatTimeRange } from '@domain/format';
import { Button } from '@web/components/ui/button';
import { ListTable } from '@web/components/list-table';
import { TableCell, TableRow } from '@web/components/ui/table';
import { clinicNameOf, patientNameOf, staffNameOf } from '../../utils/appointment-display';
import { StatusBadge } from '@web/components/appointment-status-badge';
import { ServiceLabel } from '@web/components/service-label';
import type { AppointmentRowsProps } from './appointment-rows-props';

// The list's own page has room: its cells are padded a little wider than the admin tables'.
const appointmentsTableClassName = '[&_td]:px-4 [&_th]:px-4';

/** The desktop list: one appointment per row, newest first as the server sends them. */
export function AppointmentsTable({
  appointments,
  clinics,
  timeZone,
  onView,
}: AppointmentRowsProps) {
  return (
    <ListTable
      caption="Appointments"
      className={appointmentsTableClassName}
      columns={[
        'Date and time',
        'Patient',
        { label: 'Clinic', className: 'hidden lg:table-cell' },
        'Provider',
        'Status',
      ]}
      actionsClassName="text-right"
    >
      {appointments.map((appointment) => (
        <AppointmentRow
          key={appointment._id}
          appointment={appointment}
          clinicName={clinicNameOf(appointment.patient?.clinic, clinics)}
          timeZone={timeZone}
          onView={onView}
        />
      ))}
    </ListTable>
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
    <TableRow className="transition-colors hover:bg-muted/30">
      <TableCell className="whitespace-nowrap">
        <div className="font-medium">{formatDate(appointment.date, timeZone)}</div>
        <div className="text-muted-foreground">
          {formatTimeRange(appointment.date, appointment.duration, timeZone)}
        </div>
        <ServiceLabel appointment={appointment} className="flex max-w-48" />
      </TableCell>
      <TableCell>
        <div className="font-medium">{patient}</div>
        <div className="max-w-56 truncate text-muted-foreground">{appointment.patient?.email}</div>
      </TableCell>
      <TableCell className="hidden min-w-32 lg:table-cell">{clinicName}</TableCell>
      <TableCell className="whitespace-nowrap">{staffNameOf(appointment)}</TableCell>
      <TableCell>
        <StatusBadge status={appointment.metadata?.status} />
      </TableCell>
      <TableCell className="text-right">
        <Button variant="outline" size="sm" onClick={() => onView(appointment._id)}>
          View Details<span className="sr-only"> for {patient}</span>
        </Button>
      </TableCell>
    </TableRow>
  );
}
