import { uuidParam } from '@contracts/common';
import { addDaysToKey, parseDateKey, wallClockToUtc } from '@domain/zoned-time';

/** The filters as the page keeps them in its address: shareable, and kept on reload and Back. */
export interface AuditFilters {
  userId: string;
  patientId: string;
  /** Calendar days 'YYYY-MM-DD' in the viewer's time zone, both inclusive; '' when open. */
  from: string;
  to: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** What GET /api/admin/audit is sent: the contract's `auditQuery` before parsing. */
export type AuditRequestQuery = {
  userId: string | undefined;
  patientId: string | undefined;
  from: string | undefined;
  to: string | undefined;
  page: number;
  limit: number;
};

const PARAMS = { userId: 'user', patientId: 'patient', from: 'from', to: 'to' } as const;

/** Ids are UUIDs; anything else would only earn a 400 from the server. */
export function isId(value: string): boolean {
  return uuidParam.safeParse(value).success;
}

function dateOrEmpty(value: string | null): string {
  return value && parseDateKey(value) ? value : '';
}

export function filtersFromSearchParams(params: URLSearchParams): AuditFilters {
  const userId = params.get(PARAMS.userId) ?? '';
  const patientId = params.get(PARAMS.patientId) ?? '';
  return {
    userId: isId(userId) ? userId : '',
    patientId: isId(patientId) ? patientId : '',
    from: dateOrEmpty(params.get(PARAMS.from)),
    to: dateOrEmpty(params.get(PARAMS.to)),
  };
}

export function filtersToSearchParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(PARAMS) as (keyof AuditFilters)[]) {
    if (filters[key]) params.set(PARAMS[key], filters[key]);
  }
  return params;
}

export function hasFilters(filters: AuditFilters): boolean {
  return Boolean(filters.userId || filters.patientId || filters.from || filters.to);
}

/** "From" must not come after "To"; the server refuses such a range too. */
export function dateRangeError(filters: Pick<AuditFilters, 'from' | 'to'>): string | undefined {
  if (filters.from && filters.to && filters.from > filters.to) {
    return 'The start date must not be after the end date.';
  }
  return undefined;
}

/**
 * The API wants instants: the day range becomes midnight at the start of `from` up to, not
 * including, midnight after `to`, both on the viewer's clocks.
 */
export function toAuditQuery(
  filters: AuditFilters,
  timeZone: string,
  page: number,
): AuditRequestQuery {
  const validRange = !dateRangeError(filters);
  return {
    userId: filters.userId || undefined,
    patientId: filters.patientId || undefined,
    from:
      validRange && filters.from
        ? new Date(wallClockToUtc(filters.from, 0, timeZone)).toISOString()
        : undefined,
    to:
      validRange && filters.to
        ? new Date(wallClockToUtc(addDaysToKey(filters.to, 1), 0, timeZone)).toISOString()
        : undefined,
    page,
    limit: AUDIT_PAGE_SIZE,
  };
}
