import { useId } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { useSession } from '@web/lib/session';
import { getAppointmentCountsQueryOptions } from '../api/get-appointment-counts';
import { clinicsQueryOptions } from '@web/queries/clinics';
import { DownloadIcon } from 'lucide-react';
import { appointmentListQueryOptions, appointmentsExportHref } from '../api/list-appointments';
import { useAppointmentFilters } from '../hooks/use-appointment-filters';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { datesReversed, hasActiveFilters } from '../utils/appointment-filters';
import { CreateAppointmentButton, FloatingCreateButton } from './create/create-appointment-button';
import { AppointmentDetailsDialog } from './details/appointment-details-dialog';
import { AppointmentFiltersBar } from './list/appointment-filters-bar';
import { AppointmentList } from './list/appointment-list';
import { BUCKET_ORDER, StatusTabs } from './list/status-tabs';
import { readableTimeZone } from '@web/lib/time-zones';

/** /appointments: every appointment of the user's clinics, by status, filtered through the URL. */
export function AppointmentsPage() {
  const panelId = useId();
  const { canQuery } = useSession();
  const timeZone = useViewerTimeZone();
  const { filters, setFilter, resetFilters, swapDates, viewId, setViewId } =
    useAppointmentFilters();
  const request = { ...filters, timezone: timeZone };

  // Spec §6: list and counts run only for a signed-in user with an email.
  const list = useInfiniteQuery(appointmentListQueryOptions(request, canQuery));
  const counts = useQuery(getAppointmentCountsQueryOptions(request, canQuery));
  const clinics = useQuery({ ...clinicsQueryOptions, enabled: canQuery });
  const clinicList = clinics.data ?? [];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Appointments"
        description={`Every appointment at your clinics. Times are shown in ${readableTimeZone(timeZone)}.`}
        actions={
          <>
            <Button variant="outline" asChild>
              {/* A link, not a fetch: the browser saves the file as it streams in. */}
              <a href={appointmentsExportHref(request)} download>
                <DownloadIcon aria-hidden="true" />
                Download CSV
              </a>
            </Button>
            <CreateAppointmentButton onView={(created) => setViewId(created._id)} />
          </>
        }
      />
      {/* Small screens get the round "+" fixed at the bottom right (spec §2). */}
      <FloatingCreateButton onView={(created) => setViewId(created._id)} />
      {/* Room under the list on small screens, so the last card scrolls clear of the "+". */}
      <div className="space-y-4 pb-20 md:pb-0">
        <StatusTabs
          value={filters.status}
          counts={counts.isError ? undefined : counts.data}
          loading={counts.isFetching}
          onChange={(status) => setFilter('status', status)}
          panelId={panelId}
        />
        {counts.isError && (
          <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
            {counts.error.message}
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={() => void counts.refetch()}
            >
              Try again
            </Button>
          </p>
        )}
        <AppointmentFiltersBar
          filters={filters}
          clinics={clinicList}
          onChange={setFilter}
          onReset={resetFilters}
        />
        <p className="text-sm text-muted-foreground" data-testid="list-order">
          {BUCKET_ORDER[filters.status]}
        </p>
        <section
          id={panelId}
          role="tabpanel"
          aria-label="Appointments"
          className="overflow-x-auto rounded-xl border bg-card"
        >
          <AppointmentList
            query={list}
            filtered={hasActiveFilters(filters)}
            datesReversed={datesReversed(filters)}
            onClearFilters={resetFilters}
            onSwapDates={swapDates}
            clinics={clinicList}
            timeZone={timeZone}
            onView={setViewId}
          />
        </section>
      </div>
      <AppointmentDetailsDialog id={viewId} onClose={() => setViewId(null)} />
    </div>
  );
}
