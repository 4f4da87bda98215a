import type { ReactNode } from 'react';
import { PencilIcon } from 'lucide-react';
import type { PatientRecord } from '@contracts/patients';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatCalendarDate } from '@web/lib/calendar-date';
import { displayName } from '../utils/patient-labels';
import { BackToPatients } from './back-to-patients';
import { RecordActions } from './record-actions';

/** The patient's name, clinic and what can be done for them. */
export function ProfileHeader({
  patient,
  book,
  onEdit,
}: {
  patient: PatientRecord;
  /** The app's booking button, filled in with this patient. */
  book: ReactNode;
  /** Absent for those who may not change the record. */
  onEdit?: () => void;
}) {
  const facts = [
    patient.clinic.name,
    patient.dob ? `Born ${formatCalendarDate(patient.dob)}` : null,
    patient.recordNumber ? `Record ${patient.recordNumber}` : null,
  ].filter(Boolean);
  return (
    <>
      <BackToPatients />
      <PageHeader
        title={displayName(patient)}
        description={
          <>
            {facts.join(' · ')}
            {patient.archived && (
              <Badge variant="secondary" className="ml-2">
                {patient.erased ? 'Personal data erased' : 'Archived'}
              </Badge>
            )}
          </>
        }
        actions={
          <>
            {onEdit && !patient.erased && (
              <>
                <Button variant="outline" onClick={onEdit}>
                  <PencilIcon aria-hidden="true" />
                  Edit
                </Button>
                <RecordActions patient={patient} />
              </>
            )}
            {!patient.erased && book}
          </>
        }
      />
    </>
  );
}
