import { Link } from 'react-router';
import { MergeIcon } from 'lucide-react';
import type { PatientProfile } from '@contracts/patients';
import { formatDate } from '@domain/format';

/** A merged-away record is history only: it says where the patient's record now is. */
export function MergedNotice({
  mergedInto,
  timeZone,
}: {
  mergedInto: NonNullable<PatientProfile['mergedInto']>;
  timeZone: string;
}) {
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-3 rounded-md border bg-muted/40 p-4 text-sm"
    >
      <MergeIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        Merged into{' '}
        <Link to={`/patients/${mergedInto.id}`} className="font-medium underline">
          {mergedInto.name}
        </Link>{' '}
        on {formatDate(mergedInto.at, timeZone)}. This record is kept for its history only; book and
        make changes on that record.
      </p>
    </div>
  );
}
