import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BarChart3Icon } from 'lucide-react';
import { REPORT_GROUPS, type ReportGroup, type ReportResponse } from '@contracts/reports';
import { REPORT_GRANULARITIES, type ReportGranularity } from '@domain/report-periods';
import { LoadingBlock } from '@web/components/loading-block';
import { PageHeader } from '@web/components/page-header';
import { LoadErrorRow, TableEmpty } from '@web/components/table-states';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSession } from '@web/lib/session';
import { reportExportHref, reportQueryOptions, type ReportRequest } from '../api/get-report';
import { bucketLabel } from '../utils/report-format';
import { OutcomesChart, RatesChart } from './report-charts';
import { ReportControls } from './report-controls';
import { ReportSection } from './report-section';

const GROUP_HEADINGS: Record<ReportGroup, string> = {
  clinic: 'Clinic',
  provider: 'Provider',
  service: 'Service',
  source: 'Source',
};

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The report's options live in the address, so a report can be bookmarked and shared. */
function useReportRequest(): [ReportRequest, (next: Partial<ReportRequest>) => void] {
  const [params, setParams] = useSearchParams();
  const request: ReportRequest = {
    clinic: params.get('clinic') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    by: pick<ReportGranularity>(params.get('by'), REPORT_GRANULARITIES, 'month'),
    group: pick<ReportGroup>(params.get('group'), REPORT_GROUPS, 'clinic'),
  };
  const update = (next: Partial<ReportRequest>) => {
    const merged = { ...request, ...next };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) if (value) search.set(key, value);
    setParams(search, { replace: true });
  };
  return [request, update];
}

function ReportBody({ report, request }: { report: ReportResponse; request: ReportRequest }) {
  if (report.total.booked === 0) {
    return (
      <TableEmpty
        icon={BarChart3Icon}
        message="No appointments in this period. Choose another period or clinic."
      />
    );
  }
  const heading = GROUP_HEADINGS[report.group];
  const periods = report.buckets.map((b, i) => ({
    key: b.start,
    label: bucketLabel(b, report.by),
    figures: report.bucketTotals[i]!,
  }));
  const lines = report.groups.map((g) => ({ key: g.key, label: g.name, figures: g.total }));
  return (
    <div className="grid gap-6">
      <ReportSection
        title={report.by === 'week' ? 'Week by week' : 'Month by month'}
        description="Appointments booked, attended, missed and cancelled, on each clinic’s own calendar."
        chart={<OutcomesChart lines={periods} caption="Visits per period" />}
        rowHeader={report.by === 'week' ? 'Week from' : 'Month'}
        lines={periods}
        total={report.total}
        csvHref={reportExportHref(request, 'buckets')}
      />
      <ReportSection
        title={`By ${heading.toLowerCase()}`}
        description="No-show rate and, where hours are kept, booked minutes over available minutes (time off excluded)."
        chart={<RatesChart lines={lines} caption={`Rates by ${heading.toLowerCase()}`} />}
        rowHeader={heading}
        lines={lines}
        total={report.total}
        csvHref={reportExportHref(request, 'groups')}
      />
    </div>
  );
}

/** /reports: a clinic's numbers over weeks or months (issue 45), for admins and allowed roles. */
export function ReportsPage() {
  const { user, canQuery } = useSession();
  const [request, setRequest] = useReportRequest();
  const report = useQuery({ ...reportQueryOptions(request), enabled: canQuery });
  const period = report.data ? `${report.data.from} to ${report.data.to}` : '';
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Reports"
        description={`No-shows, cancellations, lead time and utilisation${period ? `, ${period}` : ''}. Weeks start on Sunday.`}
      />
      <ReportControls
        clinics={user?.clinics ?? []}
        request={request}
        shown={report.data && { from: report.data.from, to: report.data.to }}
        onChange={setRequest}
      />
      {report.isPending ? (
        <LoadingBlock label="Loading the report…">
          <Skeleton className="h-72 w-full" />
        </LoadingBlock>
      ) : report.isError ? (
        <LoadErrorRow message={report.error.message} onRetry={() => void report.refetch()} />
      ) : (
        <ReportBody report={report.data} request={request} />
      )}
    </div>
  );
}
