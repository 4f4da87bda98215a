import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';
import { listAppointmentsInRangeRoute } from '@contracts/routes/appointments';
import { appointmentKeys } from '@web/queries/query-keys';

export interface CalendarRangeRequest {
  /** Local dates (YYYY-MM-DD) in `timezone`, both included. */
  startDate: string;
  endDate: string;
  timezone: string;
}

/**
 * Spec §7 "Appointments in a date range": the whole clinic (includeAll) and past ones too
 * (includeExpired), as whole local days in the viewer's zone. The key starts with
 * 'appointments', so every appointment change elsewhere refreshes the calendar.
 */
export function calendarAppointmentsQueryOptions(request: CalendarRangeRequest) {
  const params = { includeAll: true, includeExpired: true, ...request };
  return queryOptions({
    queryKey: appointmentKeys.range(params),
    queryFn: ({ signal }) =>
      callEndpoint(listAppointmentsInRangeRoute, {
        query: params,
        signal,
        fallback: 'Failed to fetch appointments',
      }),
    ...listFreshness,
  });
}
