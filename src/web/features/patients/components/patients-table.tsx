import { Link } from 'react-router';
import type { PatientListItem } from '@contracts/patients';
import { formatDate, formatTime } from '@domain/format';
import { ListTable, type ListColumn } from '@web/components/list-table';
import { Badge } from '@web/components/ui/badge';
import { TableCell, TableRow } from '@web/components/ui/table';
import { formatCalendarDate } from '@web/lib/calendar-date';
import { listName } from '../utils/patient-labels';
import { profilePath, type PatientRowsProps } from './patient-rows-props';

const NONE = <span className="text-muted-foreground">—</span>;

/** The desktop list: one patient per row, the name a link to their profile. */
export function PatientsTable({ patients, showClinic, timeZone }: PatientRowsProps) {
  const columns: ListColumn[] = [
    'Name',
    'Date of birth',
    'Phone',
    'E-mail',
    'Record number',
    ...(showClinic ? [{ label: 'Clinic', className: 'hidden xl:table-cell' }] : []),
    'Next visit',
  ];
  return (
    <ListTable
      caption="Patients"
      columns={columns}
      actions={false}
      className="[&_td]:px-3 [&_th]:px-3"
    >
      {patients.map((patient) => (
        <PatientRow
          key={patient.id}
          patient={patient}
          showClinic={showClinic}
          timeZone={timeZone}
        />
      ))}
    </ListTable>
  );
}

function PatientRow({
  patient,
  showClinic,
  timeZone,
}: {
  patient: PatientListItem;
  showClinic: boolean;
  timeZone: string;
}) {
  return (
    <TableRow className="transition-colors hover:bg-muted/30">
      <TableCell className="min-w-40">
        <Link
          to={profilePath(patient.id)}
          className="font-medium underline-offset-4 hover:underline focus-visible:underline"
        >
          {listName(patient)}
        </Link>
        {patient.archived && (
          <Badge variant="secondary" className="ml-2">
            Archived
          </Badge>
        )}
        {showClinic && (
          // Where the Clinic column does not fit, the clinic is named under the patient.
          <div className="text-muted-foreground xl:hidden">{patient.clinic.name}</div>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {patient.dob ? formatCalendarDate(patient.dob) : NONE}
      </TableCell>
      <TableCell className="whitespace-nowrap">{patient.phone ?? NONE}</TableCell>
      <TableCell className="max-w-52 truncate" title={patient.email ?? undefined}>
        {patient.email ?? NONE}
      </TableCell>
      <TableCell className="whitespace-nowrap">{patient.recordNumber ?? NONE}</TableCell>
      {showClinic && (
        <TableCell className="hidden min-w-32 xl:table-cell">{patient.clinic.name}</TableCell>
      )}
      <TableCell className="whitespace-nowrap">
        {patient.nextVisit ? (
          <>
            <div>{formatDate(patient.nextVisit, timeZone)}</div>
            <div className="text-muted-foreground">{formatTime(patient.nextVisit, timeZone)}</div>
          </>
        ) : (
          NONE
        )}
      </TableCell>
    </TableRow>
  );
}
