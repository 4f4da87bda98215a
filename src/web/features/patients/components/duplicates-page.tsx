import { useState } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import type { DuplicatePatient } from '@contracts/patient-merge';
import { PageHeader } from '@web/components/page-header';
import { QueryStates, TableEmpty, TableSkeleton } from '@web/components/table-states';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatCalendarDate } from '@web/lib/calendar-date';
import { duplicatePairsQueryOptions } from '../api/patient-merge';
import { displayName } from '../utils/patient-labels';
import { BackToPatients } from './back-to-patients';
import { DuplicateActions, ReasonBadges } from './duplicate-actions';
import { MergeDialog, type MergePair } from './merge-dialog';

/** /patients/duplicates: pairs of records that likely stand for one person. */
export function DuplicatesPage() {
  const list = useInfiniteQuery(duplicatePairsQueryOptions({}));
  const [comparing, setComparing] = useState<MergePair | null>(null);
  const pairs = list.data?.pages.flatMap((page) => page.pairs) ?? [];
  // Each clinic's admins choose who may merge its records; the server says where this user may.
  const editable = new Set(list.data?.pages.flatMap((page) => page.editableClinics) ?? []);

  return (
    <div className="mx-auto max-w-5xl">
      <BackToPatients />
      <PageHeader
        title="Possible duplicates"
        description="Records with the same e-mail or phone, or the same date of birth and a similar name."
      />
      <div className="overflow-hidden rounded-xl border bg-card">
        <QueryStates
          query={list}
          loading={
            <TableSkeleton label="Looking for possible duplicates…" announce rows={4}>
              <Skeleton className="h-10 w-full" />
            </TableSkeleton>
          }
          isEmpty={() => pairs.length === 0 && !list.hasNextPage}
          empty={
            <TableEmpty icon={UsersIcon} message="No possible duplicates among your patients." />
          }
        >
          {() => (
            <ul aria-label="Possible duplicates" className="divide-y">
              {pairs.map(({ patients, reasons }) => {
                const names = patients.map(displayName).join(' and ');
                return (
                  <li
                    key={patients.map((p) => p.id).join('|')}
                    className="flex flex-col gap-3 p-4 md:flex-row md:items-center"
                  >
                    <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-2">
                      {patients.map((p) => (
                        <RecordSummary key={p.id} patient={p} />
                      ))}
                    </div>
                    <div className="flex flex-col gap-2 md:w-64 md:items-end">
                      <ReasonBadges reasons={reasons} />
                      {editable.has(patients[0].clinic.slug) && (
                        <DuplicateActions
                          ids={[patients[0].id, patients[1].id]}
                          names={names}
                          onCompare={() => setComparing(patients)}
                        />
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryStates>
        {list.hasNextPage && (
          <div className="flex items-center justify-between gap-3 border-t p-3 text-sm text-muted-foreground">
            <span>
              {pairs.length === 0 ? 'None found yet in the first patients looked at.' : ''}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Looking…' : 'Look further'}
            </Button>
          </div>
        )}
      </div>
      <MergeDialog pair={comparing} onOpenChange={(open) => !open && setComparing(null)} />
    </div>
  );
}

/** One record of a pair: its name (a link to its profile), birth date and contact. */
function RecordSummary({ patient }: { patient: DuplicatePatient }) {
  const facts = [
    patient.dob ? `Born ${formatCalendarDate(patient.dob)}` : null,
    patient.email,
    patient.phone,
    `${patient.visits} visit${patient.visits === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return (
    <div className="min-w-0">
      <Link to={`/patients/${patient.id}`} className="font-medium hover:underline">
        {displayName(patient)}
      </Link>
      <p className="text-xs break-words text-muted-foreground">{facts.join(' · ')}</p>
    </div>
  );
}
