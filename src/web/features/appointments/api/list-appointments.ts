import { infiniteQueryOptions } from '@tanstack/react-query';
import type { PaginatedResponse } from '@contracts/appointments';
import { DEFAULT_PAGE_SIZE } from '@domain/constants';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';
import type { AppointmentFilterValues } from '../utils/appointment-filters';
import { appointmentKeys } from '@web/queries/query-keys';
import { exportAppointmentsRoute, listAppointmentsPageRoute } from '@contracts/routes/appointments';

/** What a list request sends: the URL filters plus the zone the date range is read in. */
export interface AppointmentListRequest extends AppointmentFilterValues {
  timezone: string;
}

/** The query string shared by the list and the counts; "all" means no status filter (spec §2). */
export function filterQuery(request: AppointmentListRequest) {
  return {
    clinic: request.clinic,
    patientEmail: request.patientEmail,
    dateFrom: request.dateFrom,
    dateTo: request.dateTo,
    staffId: request.staffId,
    search: request.search,
    timezone: request.timezone,
  };
}

export function fetchAppointmentsPage(
  request: AppointmentListRequest,
  page: number,
  signal?: AbortSignal,
): Promise<PaginatedResponse> {
  return callEndpoint(listAppointmentsPageRoute, {
    query: {
      ...filterQuery(request),
      page,
      limit: DEFAULT_PAGE_SIZE,
      status: request.status === 'all' ? undefined : request.status,
    },
    signal,
    fallback: 'Failed to fetch appointments',
  });
}

/** Pages of 20; the next page is currentPage + 1 for as long as hasNextPage (spec §7). */
export function appointmentListQueryOptions(request: AppointmentListRequest, enabled: boolean) {
  return infiniteQueryOptions({
    queryKey: appointmentKeys.list({ ...request }),
    queryFn: ({ pageParam, signal }) => fetchAppointmentsPage(request, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: PaginatedResponse) =>
      last.pagination.hasNextPage ? last.pagination.currentPage + 1 : undefined,
    enabled,
    ...listFreshness,
  });
}

/** The list as a CSV file: the same filters, tab and time zone, without paging. */
export function appointmentsExportHref(request: AppointmentListRequest): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filterQuery(request))) {
    if (value) params.set(key, value);
  }
  if (request.status !== 'all') params.set('status', request.status);
  return `${exportAppointmentsRoute.path}?${params.toString()}`;
}
