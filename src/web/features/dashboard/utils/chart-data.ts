import type {
  NoShowByAgentEntry,
  NoShowByWeekdayEntry,
  PerDayEntry,
  StatusTally,
} from '@contracts/dashboard';
import { statusLabel } from '@domain/appointment-status';
import { WEEKDAY_NAMES } from '@domain/schedule';
import { parseDateKey } from '@domain/zoned-time';

/** Stacking order, bottom up: what happened, then what is still open, then what fell through. */
export const CHART_STATUSES = [
  'COMPLETED',
  'CONFIRMED',
  'BOOKED',
  'SCHEDULED',
  'DISQUALIFIED',
  'NO_SHOW',
  'CANCELLED',
] as const satisfies ReadonlyArray<keyof StatusTally>;
export type ChartStatus = (typeof CHART_STATUSES)[number];

/**
 * The badge families of spec §4 (primary, secondary, destructive), in shades so neighbours in a
 * stack stay apart. Theme variables, so dark mode recolours the charts.
 */
export const STATUS_FILLS: Record<ChartStatus, string> = {
  COMPLETED: 'var(--primary)',
  CONFIRMED: 'color-mix(in oklab, var(--primary) 55%, var(--background))',
  BOOKED: 'color-mix(in oklab, var(--muted-foreground) 70%, var(--background))',
  SCHEDULED: 'color-mix(in oklab, var(--muted-foreground) 40%, var(--background))',
  DISQUALIFIED: 'color-mix(in oklab, var(--foreground) 85%, var(--background))',
  NO_SHOW: 'var(--destructive)',
  CANCELLED: 'color-mix(in oklab, var(--destructive) 40%, var(--background))',
};

export const STATUS_NAMES: Record<ChartStatus, string> = Object.fromEntries(
  CHART_STATUSES.map((s) => [s, statusLabel(s)]),
) as Record<ChartStatus, string>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 21" for a local date key; no zone is involved, the key already is a local date. */
export function shortDate(key: string): string {
  const parts = parseDateKey(key);
  return parts ? `${MONTHS[parts.month - 1]} ${parts.day}` : key;
}

export type PerDayRow = { date: string; label: string; total: number } & Record<
  ChartStatus,
  number
>;

export function perDayRows(entries: readonly PerDayEntry[]): PerDayRow[] {
  return entries.map((entry) => ({
    date: entry.date,
    label: shortDate(entry.date),
    total: entry.total,
    ...(Object.fromEntries(CHART_STATUSES.map((s) => [s, entry.statuses[s]])) as Record<
      ChartStatus,
      number
    >),
  }));
}

/** "12.5%"; one decimal is as precise as a few dozen visits deserve. */
export function percent(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toLocaleString('en-US')}%`;
}

export interface RateRow {
  key: string;
  label: string;
  total: number;
  noShows: number;
  rate: number;
  /** Rate as a percentage number for the chart axis. */
  percentValue: number;
}

export function agentRateRows(entries: readonly NoShowByAgentEntry[]): RateRow[] {
  return entries.map((e) => ({
    key: e.agentId,
    label: e.name,
    total: e.total,
    noShows: e.noShows,
    rate: e.rate,
    percentValue: Math.round(e.rate * 1000) / 10,
  }));
}

export function weekdayRateRows(entries: readonly NoShowByWeekdayEntry[]): RateRow[] {
  return entries.map((e) => ({
    key: String(e.weekday),
    label: WEEKDAY_NAMES[e.weekday] ?? String(e.weekday),
    total: e.total,
    noShows: e.noShows,
    rate: e.rate,
    percentValue: Math.round(e.rate * 1000) / 10,
  }));
}
