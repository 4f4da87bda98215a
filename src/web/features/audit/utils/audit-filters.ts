import { AUDIT_ACTIONS, type AuditAction } from '@contracts/admin';
import { uuidParam } from '@contracts/common';
import { exportAuditRoute } from '@contracts/routes/admin';
import { addDaysToKey, parseDateKey, wallClockToUtc } from '@domain/zoned-time';

/** The filters as the page keeps them in its address: shareable, and kept on reload and Back. */
export interface AuditFilters {
  userId: string;
  /** One of the audit actions, or '' for all. */
  action: string;
  /** Words of a patient's name (or email), each the start of one of its words; '' when open. */
  patientName: string;
  patientId: string;
  /** Calendar days 'YYYY-MM-DD' in the viewer's time zone, both inclusive; '' when open. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  userId: '',
  action: '',
  patientName: '',
  patientId: '',
  from: '',
  to: '',
};

export const AUDIT_PAGE_SIZE = 50;
/** As the contract's patientName: a longer name would only earn a 400. */
export const PATIENT_NAME_MAX = 120;

type FilterQuery = {
  userId: string | undefined;
  action: AuditAction | undefined;
  patientName: string | undefined;
  patientId: string | undefined;
  from: string | undefined;
  to: string | undefined;
};

/** What GET /api/admin/audit is sent: the contract's `auditQuery` before parsing. */
export type AuditRequestQuery = FilterQuery & { page: number; limit: number };

const PARAMS = {
  userId: 'user',
  action: 'action',
  patientName: 'name',
  patientId: 'patient',
  from: 'from',
  to: 'to',
} as const;

/** Ids are UUIDs; anything else would only earn a 400 from the server. */
export function isId(value: string): boolean {
  return uuidParam.safeParse(value).success;
}

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

function dateOrEmpty(value: string | null): string {
  return value && parseDateKey(value) ? value : '';
}

export function filtersFromSearchParams(params: URLSearchParams): AuditFilters {
  const userId = params.get(PARAMS.userId) ?? '';
  const action = params.get(PARAMS.action) ?? '';
  const patientName = params.get(PARAMS.patientName) ?? '';
  const patientId = params.get(PARAMS.patientId) ?? '';
  return {
    userId: isId(userId) ? userId : '',
    action: isAuditAction(action) ? action : '',
    // Line breaks and the like would be refused; a name is one line.
    patientName: /[\p{Cc}\p{Zl}\p{Zp}]/u.test(patientName)
      ? ''
      : patientName.slice(0, PATIENT_NAME_MAX),
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
  return (Object.keys(PARAMS) as (keyof AuditFilters)[]).some((key) => filters[key].trim());
}

/** "From" must not come after "To"; the server refuses such a range too. */
export function dateRangeError(filters: Pick<AuditFilters, 'from' | 'to'>): string | undefined {
  if (filters.from && filters.to && filters.from > filters.to) {
    return 'The start date must not be after the end date.';
  }
  return undefined;
}

/**
 * The filters as the API takes them. The day range becomes instants: midnight at the start of
 * `from` up to, not including, midnight after `to`, both on the viewer's clocks.
 */
function filterQuery(filters: AuditFilters, timeZone: string): FilterQuery {
  const validRange = !dateRangeError(filters);
  const name = filters.patientName.trim();
  return {
    userId: filters.userId || undefined,
    action: isAuditAction(filters.action) ? filters.action : undefined,
    patientName: name || undefined,
    patientId: filters.patientId || undefined,
    from:
      validRange && filters.from
        ? new Date(wallClockToUtc(filters.from, 0, timeZone)).toISOString()
        : undefined,
    to:
      validRange && filters.to
        ? new Date(wallClockToUtc(addDaysToKey(filters.to, 1), 0, timeZone)).toISOString()
        : undefined,
  };
}

export function toAuditQuery(
  filters: AuditFilters,
  timeZone: string,
  page: number,
): AuditRequestQuery {
  return { ...filterQuery(filters, timeZone), page, limit: AUDIT_PAGE_SIZE };
}

/**
 * Where "Download CSV" leads: the whole log with the page's filters, its times in the viewer's
 * zone. A plain link, so the browser saves the file as it arrives instead of holding it.
 */
export function auditExportHref(filters: AuditFilters, timeZone: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filterQuery(filters, timeZone), timeZone })) {
    if (value !== undefined) params.set(key, value);
  }
  return `${exportAuditRoute.path}?${params.toString()}`;
}
