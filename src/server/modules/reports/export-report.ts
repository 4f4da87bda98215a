import type { ExportReportQuery, ReportFigures, ReportResponse } from '@contracts/reports';
import type { AppDeps } from '../../app-deps';
import { csvFile } from '../../core/csv-file';
import type { RequestContext } from '../../core/request-context';
import { getReport } from './reports.service';

/** The figures' columns, as the page's tables head them. */
export const REPORT_CSV_FIGURES = [
  'Booked',
  'Attended',
  'No-shows',
  'No-show rate',
  'Cancelled',
  'Late cancellations',
  'Average lead time (days)',
  'Booked minutes',
  'Available minutes',
  'Utilisation',
  'New patients',
  'Returning patients',
  'Confirmed after reminder',
  'Confirmation rate',
] as const;

const GROUP_HEADINGS: Record<ReportResponse['group'], string> = {
  clinic: 'Clinic',
  provider: 'Provider',
  service: 'Service',
  source: 'Source',
};

/** Plain numbers a spreadsheet reads in any locale: rates as fractions to four places. */
function figureCells(f: ReportFigures): string[] {
  const rate = (n: number | null) => (n === null ? '' : n.toFixed(4));
  return [
    String(f.booked),
    String(f.attended),
    String(f.noShows),
    rate(f.noShowRate),
    String(f.cancelled),
    String(f.lateCancelled),
    f.averageLeadDays.toFixed(1),
    String(f.bookedMinutes),
    f.availableMinutes === null ? '' : String(f.availableMinutes),
    rate(f.utilisation),
    String(f.newPatients),
    String(f.returningPatients),
    String(f.confirmedAfterReminder),
    rate(f.confirmationRate),
  ];
}

/**
 * One of a report's tables as CSV, through the same CSV writer as the appointment list's export
 * (formula cells guarded, a byte order mark): its lines over the period (`groups`), or its weeks
 * or months with each line's figures (`buckets`). The report is read whole before anything is
 * sent, so a refusal is an error answer, not a broken file.
 */
export async function exportReportCsv(
  deps: AppDeps,
  ctx: RequestContext,
  query: ExportReportQuery,
) {
  const report = await getReport(deps, ctx, query);
  const heading = GROUP_HEADINGS[report.group];
  const period = report.by === 'week' ? 'Week from' : 'Month';
  const lines =
    query.table === 'groups'
      ? report.groups.map((g) => [g.name, ...figureCells(g.total)])
      : report.buckets.flatMap((b, i) =>
          report.groups.map((g) => [b.from, g.name, ...figureCells(g.buckets[i]!)]),
        );
  const columns =
    query.table === 'groups'
      ? [heading, ...REPORT_CSV_FIGURES]
      : [period, heading, ...REPORT_CSV_FIGURES];
  const name = `carebook-report-${report.group}-${query.table === 'groups' ? 'totals' : report.by}-${report.from}-to-${report.to}.csv`;
  return {
    filename: name,
    body: csvFile(
      columns,
      (async function* () {
        yield* lines;
      })(),
    ),
  };
}
