import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { DownloadIcon, ScrollTextIcon } from 'lucide-react';
import { PageHeader } from '@web/components/page-header';
import { TableCard, TableEmpty, TableLoadError, TableSkeleton } from '@web/components/table-states';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { auditLogQueryOptions } from '../api/list-audit';
import {
  auditExportHref,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasFilters,
  type AuditFilters,
} from '../utils/audit-filters';
import { AuditFiltersBar } from './audit-filters-bar';
import { AuditTable } from './audit-table';

function AuditSkeleton() {
  return (
    <TableSkeleton label="Loading the audit log…" rowClassName="flex gap-4">
      <Skeleton className="h-9 w-24" />
      <Skeleton className="h-9 flex-1" />
      <Skeleton className="h-9 w-28" />
    </TableSkeleton>
  );
}

/** /admin/audit: who read or changed which patient or appointment, newest first. */
export function AuditPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const timeZone = useViewerTimeZone();
  const audit = useInfiniteQuery(auditLogQueryOptions(filters, timeZone));
  const entries = audit.data?.pages.flatMap((page) => page.data) ?? [];
  const setFilters = (next: AuditFilters) =>
    setSearchParams(filtersToSearchParams(next), { replace: true });

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Audit log"
        description="Every time staff viewed or changed a patient or an appointment in your clinics."
        actions={
          <Button variant="outline" asChild>
            {/* A link, not a fetch: the browser saves the file as it streams in. */}
            <a href={auditExportHref(filters, timeZone)} download>
              <DownloadIcon aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        }
      />
      <AuditFiltersBar filters={filters} onChange={setFilters} />
      <TableCard label="Audit entries" busy={audit.isFetching}>
        {audit.isPending ? (
          <AuditSkeleton />
        ) : audit.isError && entries.length === 0 ? (
          <TableLoadError message={audit.error.message} onRetry={() => void audit.refetch()} />
        ) : entries.length === 0 ? (
          <TableEmpty
            icon={ScrollTextIcon}
            message={
              hasFilters(filters)
                ? 'No entries match these filters.'
                : 'Nothing has been recorded yet.'
            }
          />
        ) : (
          <AuditTable
            entries={entries}
            timeZone={timeZone}
            onFilterPatient={(patientId) => setFilters({ ...filters, patientId })}
          />
        )}
      </TableCard>
      {audit.isFetchNextPageError && (
        <p role="alert" className="mt-3 text-center text-sm text-destructive">
          {audit.error?.message}
        </p>
      )}
      {audit.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            disabled={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            {audit.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
