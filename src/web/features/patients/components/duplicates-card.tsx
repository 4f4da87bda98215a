import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LoadErrorRow } from '@web/components/table-states';
import { patientDuplicatesQueryOptions } from '../api/patient-merge';
import { displayName } from '../utils/patient-labels';
import { DuplicateActions, ReasonBadges } from './duplicate-actions';
import { MergeDialog, type MergePair } from './merge-dialog';
import { ProfileCard } from './profile-card';

/**
 * The records that likely stand for the same person as this one, shown only when there are
 * some. A merge that sends this record away opens the kept one.
 */
export function DuplicatesCard({
  patientId,
  canEdit,
  className,
}: {
  patientId: string;
  canEdit: boolean;
  className?: string;
}) {
  const duplicates = useQuery(patientDuplicatesQueryOptions(patientId));
  const [comparing, setComparing] = useState<MergePair | null>(null);
  const navigate = useNavigate();
  if (duplicates.isPending) return null;
  if (duplicates.isError) {
    return (
      <ProfileCard title="Possible duplicates" className={className}>
        <LoadErrorRow
          message={duplicates.error.message}
          onRetry={() => void duplicates.refetch()}
        />
      </ProfileCard>
    );
  }
  const { patient, duplicates: found } = duplicates.data;
  if (found.length === 0) return null;
  return (
    <ProfileCard
      title="Possible duplicates"
      description="Other records that may be this patient’s."
      className={className}
    >
      <ul className="divide-y">
        {found.map(({ patient: other, reasons }) => (
          <li key={other.id} className="grid gap-2 py-3 first:pt-0 last:pb-0">
            <div className="min-w-0">
              <Link to={`/patients/${other.id}`} className="font-medium hover:underline">
                {displayName(other)}
              </Link>
              <p className="text-xs break-words text-muted-foreground">
                {[other.email, other.phone, `${other.visits} visits`].filter(Boolean).join(' · ')}
              </p>
            </div>
            <ReasonBadges reasons={reasons} />
            {canEdit && (
              <DuplicateActions
                ids={[patient.id, other.id]}
                names={`${displayName(patient)} and ${displayName(other)}`}
                onCompare={() => setComparing([patient, other])}
              />
            )}
          </li>
        ))}
      </ul>
      <MergeDialog
        pair={comparing}
        onOpenChange={(open) => !open && setComparing(null)}
        onMerged={(result) => {
          if (result.mergedAwayId === patientId) void navigate(`/patients/${result.kept.id}`);
        }}
      />
    </ProfileCard>
  );
}
