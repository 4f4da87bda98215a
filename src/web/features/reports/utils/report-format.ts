import type { ReportFigures } from '@contracts/reports';

/**
 * Numbers in the viewer's own locale (the browser's language): 1,234 or 1.234 or 1 234 as they
 * read them. The CSV files keep plain numbers, which every spreadsheet reads.
 */
const counts = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const days = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const percents = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const hours = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

export const formatCount = (n: number) => counts.format(n);
export const formatDays = (n: number) => days.format(n);
export const formatPercent = (n: number | null) => (n === null ? '—' : percents.format(n));
export const formatHours = (minutes: number | null) =>
  minutes === null ? '—' : hours.format(minutes / 60);

/** A report table's columns: its heading, how a line's figures read, whether to align right. */
export interface FigureColumn {
  header: string;
  cell: (f: ReportFigures) => string;
}

export const FIGURE_COLUMNS: readonly FigureColumn[] = [
  { header: 'Booked', cell: (f) => formatCount(f.booked) },
  { header: 'Attended', cell: (f) => formatCount(f.attended) },
  { header: 'No-shows', cell: (f) => formatCount(f.noShows) },
  { header: 'No-show rate', cell: (f) => formatPercent(f.noShowRate) },
  { header: 'Cancelled', cell: (f) => formatCount(f.cancelled) },
  { header: 'Late cancellations', cell: (f) => formatCount(f.lateCancelled) },
  { header: 'Average lead time (days)', cell: (f) => formatDays(f.averageLeadDays) },
  { header: 'Booked hours', cell: (f) => formatHours(f.bookedMinutes) },
  { header: 'Available hours', cell: (f) => formatHours(f.availableMinutes) },
  { header: 'Utilisation', cell: (f) => formatPercent(f.utilisation) },
  { header: 'New patients', cell: (f) => formatCount(f.newPatients) },
  { header: 'Returning patients', cell: (f) => formatCount(f.returningPatients) },
  { header: 'Confirmation rate', cell: (f) => formatPercent(f.confirmationRate) },
];

const monthNames = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayNames = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A week or month as the viewer reads it: "Nov 2026", or the week's first day "Nov 1". */
export function bucketLabel(bucket: { from: string }, by: 'week' | 'month'): string {
  const at = new Date(`${bucket.from}T00:00:00Z`);
  return by === 'month' ? monthNames.format(at) : dayNames.format(at);
}
