import { Link } from 'react-router';
import type { PatientListItem } from '@contracts/patients';
import { ListTable, type ListColumn } from '@web/components/list-table';
import { Badge } from '@web/components/ui/badge';
import { TableCell, TableRow } from '@web/components/ui/table';
import { formatCalendarDate, listName } from '../utils/patient-labels';
import { formatVisitStart, profilePath, type PatientRowsProps } from './patient-rows-props';

const NONE = <span className="text-muted-foreground">—</span>;

/** The desktop list: one patient per row, the name a link to their profile. */
export function PatientsTable({ patients, showClinic, timeZone }: PatientRowsProps) {
  const columns: ListColumn[] = [
    'Name',
    'Date of birth',
    'Phone',
    'E-mail',
    { label: 'Record number', className: 'hidden xl:table-cell' },
    ...(showClinic ? [{ label: 'Clinic', className: 'hidden lg:table-cell' }] : []),
    'Next visit',
  ];
  return (
    <ListTable
      caption="Patients"
      columns={columns}
      actions={false}
      className="[&_td]:px-4 [&_th]:px-4"
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
      <TableCell className="min-w-48">
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
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {patient.dob ? formatCalendarDate(patient.dob) : NONE}
      </TableCell>
      <TableCell className="whitespace-nowrap">{patient.phone ?? NONE}</TableCell>
      <TableCell className="max-w-64 truncate">{patient.email}</TableCell>
      <TableCell className="hidden xl:table-cell">{patient.recordNumber ?? NONE}</TableCell>
      {showClinic && <TableCell className="hidden lg:table-cell">{patient.clinic.name}</TableCell>}
      <TableCell className="whitespace-nowrap">
        {patient.nextVisit ? formatVisitStart(patient.nextVisit, timeZone) : NONE}
      </TableCell>
    </TableRow>
  );
}
