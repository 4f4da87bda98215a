import type { UseQueryResult } from '@tanstack/react-query';
import { UserRoundSearchIcon } from 'lucide-react';
import type { PatientPage } from '@contracts/patients';
import { TableEmpty, TableLoadError, TableSkeleton } from '@web/components/table-states';
import { Skeleton } from '@web/components/ui/skeleton';
import { useIsMobile } from '@web/hooks/use-is-mobile';
import { PatientCards } from './patient-cards';
import type { PatientRowsProps } from './patient-rows-props';
import { PatientsTable } from './patients-table';

/** What the search found: the table (cards on a phone), or why there is nothing to show. */
export function PatientResults({
  list,
  q,
  archived,
  ...rows
}: Omit<PatientRowsProps, 'patients'> & {
  list: UseQueryResult<PatientPage>;
  q: string;
  archived: boolean;
}) {
  const isMobile = useIsMobile();
  if (list.isPending) return <ResultsSkeleton />;
  if (list.isError) {
    return <TableLoadError message={list.error.message} onRetry={() => void list.refetch()} />;
  }
  const { patients } = list.data;
  if (patients.length === 0) {
    return <TableEmpty icon={UserRoundSearchIcon} message={emptyMessage(q, archived)} />;
  }
  const Rows = isMobile ? PatientCards : PatientsTable;
  return (
    <div aria-busy={list.isFetching || undefined}>
      <Rows patients={patients} {...rows} />
    </div>
  );
}

function emptyMessage(q: string, archived: boolean) {
  if (!q) return archived ? 'No patients yet.' : 'No patients yet. Archived patients are hidden.';
  return (
    <>
      <span className="block font-medium text-foreground">No patients match “{q}”.</span>
      Check the spelling, or try an e-mail, a phone number, a date of birth such as 4/30/1980 or a
      record number.{archived ? '' : ' Archived patients are hidden unless you show them.'}
    </>
  );
}

function ResultsSkeleton() {
  return (
    <TableSkeleton label="Loading patients…" announce>
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-4 w-24" />
      <Skeleton className="hidden h-4 w-28 md:block" />
      <Skeleton className="hidden h-4 flex-1 md:block" />
      <Skeleton className="h-4 w-28" />
    </TableSkeleton>
  );
}
