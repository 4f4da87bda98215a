import type { PatientChange } from '@contracts/patients';
import { formatDate, formatTime } from '@domain/format';
import { fieldLabel, formatFieldValue } from '../utils/patient-labels';
import { NoneYet, ProfileCard } from './profile-card';

/** "Phone changed from 555-0101 to 555-0199", in words for every field. */
export function describeChange({ field, from, to }: PatientChange['changes'][number]): string {
  if (field === 'remindersOptOut')
    return to === true ? 'Reminders turned off' : 'Reminders turned on';
  if (field === 'archived') return to === true ? 'Archived' : 'Restored from the archive';
  const label = fieldLabel(field);
  const before = formatFieldValue(field, from);
  const after = formatFieldValue(field, to);
  if (from === null || from === '') return `${label} set to ${after}`;
  if (to === null || to === '') return `${label} cleared (was ${before})`;
  return `${label} changed from ${before} to ${after}`;
}

/** Who changed which of the patient's details, and when; newest first as the server sends it. */
export function HistoryCard({
  history,
  timeZone,
  className,
}: {
  history: readonly PatientChange[];
  timeZone: string;
  className?: string;
}) {
  return (
    <ProfileCard title="History" className={className}>
      {history.length === 0 ? (
        <NoneYet>No changes since the record was added.</NoneYet>
      ) : (
        <ol className="divide-y text-sm">
          {history.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="grid gap-1 py-3">
              <p className="text-xs text-muted-foreground">
                {entry.by}, {formatDate(entry.at, timeZone)} at {formatTime(entry.at, timeZone)}
              </p>
              <ul className="grid gap-0.5">
                {entry.changes.map((change) => (
                  <li key={change.field} className="break-words">
                    {describeChange(change)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </ProfileCard>
  );
}
