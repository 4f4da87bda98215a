import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { AlertCircleIcon, CalendarXIcon } from 'lucide-react';
import type { PaginatedResponse } from '@contracts/appointments';
import { TableSkeleton } from '@web/components/table-states';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useIsMobile } from '@web/hooks/use-is-mobile';
import { AppointmentCards } from './appointment-cards';
import type { AppointmentRowsProps } from './appointment-rows-props';
import { AppointmentsTable } from './appointments-table';
import { LoadMore } from './load-more';

type ListQuery = UseInfiniteQueryResult<InfiniteData<PaginatedResponse>, Error>;

/** The list with its loading, empty and error states; table on desktop, cards under 768px. */
export function AppointmentList({
  query,
  filtered,
  datesReversed = false,
  onClearFilters,
  onSwapDates,
  ...rows
}: Omit<AppointmentRowsProps, 'appointments'> & {
  query: ListQuery;
  filtered: boolean;
  /** "From" is after "To": the empty list says so, and offers to swap them. */
  datesReversed?: boolean;
  onClearFilters: () => void;
  onSwapDates?: () => void;
}) {
  const isMobile = useIsMobile();
  if (query.isPending) return <ListSkeleton />;
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <AlertCircleIcon className="size-8 text-destructive" aria-hidden="true" />
        <p className="font-medium">{query.error.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const appointments = query.data.pages.flatMap((page) => page.data);
  if (appointments.length === 0 && datesReversed) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <CalendarXIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No appointments found</p>
        <p className="text-sm text-muted-foreground">
          The “From” date is after the “To” date, so no day falls between them.
        </p>
        {onSwapDates && (
          <Button variant="outline" className="mt-2" onClick={onSwapDates}>
            Swap the dates
          </Button>
        )}
      </div>
    );
  }
  if (appointments.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <CalendarXIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No appointments found</p>
        <p className="text-sm text-muted-foreground">
          {filtered
            ? 'Nothing matches these filters. Try other filters or clear them.'
            : 'Nothing to show here yet.'}
        </p>
        {filtered && (
          <Button variant="outline" className="mt-2" onClick={onClearFilters}>
            Clear filters
          </Button>
        )}
      </div>
    );
  }

  const Rows = isMobile ? AppointmentCards : AppointmentsTable;
  return (
    <>
      <Rows appointments={appointments} {...rows} />
      {query.isFetchNextPageError && (
        <p role="alert" className="px-4 pt-3 text-center text-sm text-destructive">
          {query.error?.message}
        </p>
      )}
      <LoadMore
        hasNextPage={query.hasNextPage}
        loading={query.isFetchingNextPage}
        autoLoad={!query.isFetchNextPageError}
        onLoadMore={() => {
          // The sentinel and the button may both ask; one request per page is enough.
          if (!query.isFetchingNextPage) void query.fetchNextPage();
        }}
      />
    </>
  );
}

function ListSkeleton() {
  return (
    <TableSkeleton label="Loading appointments…" announce>
      <div className="w-32 space-y-2">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-3 w-32" />
      </div>
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-3 w-52" />
      </div>
      <Skeleton className="hidden h-4 w-28 md:block" />
      <Skeleton className="h-5 w-20" />
      <Skeleton className="hidden h-8 w-24 md:block" />
    </TableSkeleton>
  );
}
