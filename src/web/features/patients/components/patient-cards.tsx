import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { formatCalendarDate } from '@web/lib/calendar-date';
import { listName } from '../utils/patient-labels';
import { formatVisitStart, profilePath, type PatientRowsProps } from './patient-rows-props';

/** The small-screen list: one card per patient, the whole name a tap target to their profile. */
export function PatientCards({ patients, showClinic, timeZone }: PatientRowsProps) {
  return (
    <ul className="divide-y" aria-label="Patients">
      {patients.map((patient) => {
        const rows: Array<[string, string | null]> = [
          ['Date of birth', patient.dob ? formatCalendarDate(patient.dob) : null],
          ['Phone', patient.phone],
          ['E-mail', patient.email],
          ['Record number', patient.recordNumber],
          ...(showClinic ? [['Clinic', patient.clinic.name] as [string, string]] : []),
          ['Next visit', patient.nextVisit ? formatVisitStart(patient.nextVisit, timeZone) : null],
        ];
        return (
          <li key={patient.id} className="space-y-2 p-4">
            <div className="flex items-start justify-between gap-3">
              <Link
                to={profilePath(patient.id)}
                className="min-w-0 py-1 font-medium break-words underline-offset-4 hover:underline"
              >
                {listName(patient)}
              </Link>
              {patient.archived && <Badge variant="secondary">Archived</Badge>}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {rows.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-muted-foreground">{term}</dt>
                  <dd className="min-w-0 truncate">{value ?? '—'}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
