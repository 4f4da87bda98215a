import { COUNT_BUCKETS, type CountBucket } from '@domain/appointment-status';

/** The list's view as it lives in the URL, so a view survives reload and can be shared. */
export interface AppointmentFilterValues {
  status: CountBucket;
  clinic?: string;
  patientEmail?: string;
  /** YYYY-MM-DD, a whole day in the viewer's zone. */
  dateFrom?: string;
  dateTo?: string;
  staffId?: string;
  search?: string;
}

export type FilterKey = Exclude<keyof AppointmentFilterValues, 'status'>;

export const FILTER_KEYS = [
  'clinic',
  'patientEmail',
  'dateFrom',
  'dateTo',
  'staffId',
  'search',
] as const satisfies readonly FilterKey[];

/** The search param that opens the details dialog: `/appointments?view=<id>`. */
export const VIEW_PARAM = 'view';

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

function isCountBucket(value: string | null): value is CountBucket {
  return value !== null && (COUNT_BUCKETS as readonly string[]).includes(value);
}

/** Reads what a person may have typed or pasted into the URL; anything unreadable is ignored. */
export function parseFilters(params: URLSearchParams): AppointmentFilterValues {
  const status = params.get('status');
  const values: AppointmentFilterValues = { status: isCountBucket(status) ? status : 'all' };
  for (const key of FILTER_KEYS) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    if ((key === 'dateFrom' || key === 'dateTo') && !DATE_KEY.test(raw)) continue;
    values[key] = raw;
  }
  return values;
}

/**
 * Writes one change into the params, keeping everything else (the open dialog included). "all"
 * and empty values are left out so shared links stay short.
 */
export function withFilter(
  params: URLSearchParams,
  key: FilterKey | 'status',
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const trimmed = value?.trim();
  if (!trimmed || (key === 'status' && trimmed === 'all')) next.delete(key);
  else next.set(key, trimmed);
  // The staff list belongs to the chosen clinic: another clinic makes the old choice meaningless.
  if (key === 'clinic' && trimmed !== (params.get('clinic') ?? undefined)) next.delete('staffId');
  return next;
}

export function clearFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) next.delete(key);
  return next;
}

export function hasActiveFilters(values: AppointmentFilterValues): boolean {
  return FILTER_KEYS.some((key) => values[key] !== undefined);
}

/** A "From" day after the "To" day: a range nothing can fall in, most likely typed the wrong way round. */
export function datesReversed(filters: Pick<AppointmentFilterValues, 'dateFrom' | 'dateTo'>) {
  return Boolean(filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo);
}
