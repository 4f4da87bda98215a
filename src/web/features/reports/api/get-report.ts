import { queryOptions } from '@tanstack/react-query';
import type { ReportGranularity } from '@domain/report-periods';
import type { ReportGroup } from '@contracts/reports';
import { exportReportRoute, getReportRoute } from '@contracts/routes/reports';
import { callEndpoint } from '@web/lib/endpoint-client';
import { countsFreshness } from '@web/lib/query-client';
import { appointmentKeys } from '@web/queries/query-keys';

export interface ReportRequest {
  /** One of the user's clinics (slug); all those whose reports they may read when absent. */
  clinic?: string;
  /** Both or neither: the server's last twelve weeks or months when neither. */
  from?: string;
  to?: string;
  by: ReportGranularity;
  group: ReportGroup;
}

function queryOf(request: ReportRequest) {
  const period = request.from && request.to ? { from: request.from, to: request.to } : {};
  return {
    by: request.by,
    group: request.group,
    ...(request.clinic ? { clinic: request.clinic } : {}),
    ...period,
  };
}

/**
 * Under 'appointments' like the dashboard: a booking or a mark anywhere changes the figures, so
 * the refresh after any appointment write reaches the report too (ADR 002).
 */
export function reportQueryOptions(request: ReportRequest) {
  return queryOptions({
    queryKey: appointmentKeys.report(request),
    queryFn: ({ signal }) =>
      callEndpoint(getReportRoute, {
        query: queryOf(request),
        signal,
        fallback: 'Failed to load the report',
      }),
    ...countsFreshness,
  });
}

/** One of the report's tables as a CSV file, for a download link. */
export function reportExportHref(request: ReportRequest, table: 'groups' | 'buckets'): string {
  const params = new URLSearchParams({ table });
  for (const [key, value] of Object.entries(queryOf(request))) params.set(key, value);
  return `${exportReportRoute.path}?${params.toString()}`;
}
