import { normalizeStatus } from '@domain/appointment-status';
import { COUNT_BUCKETS, type AppointmentCounts } from '@domain/appointment-status';
import { isBookableRole } from '@domain/roles';
import { normalizeSearchText } from '@domain/search-text';
import { addDaysToKey, wallClockToUtc } from '@domain/zoned-time';
import type {
  Appointment,
  AppointmentFilters,
  PaginatedQuery,
  PaginatedResponse,
  RangeQuery,
} from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import type { AuthUser, RequestContext } from '../../core/request-context';
import { viewerTimezone } from '../../core/viewer-timezone';
import { auditReads } from '../audit';
import { auditAppointmentReads } from './appointment-records';
import { toAppointmentView } from './appointment-view';
import * as repo from './appointments.repository';
import * as list from './appointment-list.repository';
import { ReuseCache, versionsKey } from '../../core/reuse';

/** A calendar date is a whole local day in the given zone; a full instant is taken as it is. */
function boundary(
  value: string | undefined,
  timezone: string,
  edge: 'start' | 'end',
): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const key = edge === 'start' ? value : addDaysToKey(value, 1);
    const ms = wallClockToUtc(key, 0, timezone);
    return new Date(edge === 'start' ? ms : ms - 1);
  }
  return new Date(value);
}

/** The clinics a list may cover: the user's own, narrowed by any clinic filter (slug or id). */
function scopedClinicIds(user: AuthUser, filters: AppointmentFilters): string[] {
  const requested = [filters.clinic, filters['clinicIds[]'], filters.clinicIds]
    .flat()
    .filter((v): v is string => typeof v === 'string' && v.length > 0);
  const mine = user.clinics;
  if (requested.length === 0) return mine.map((c) => c.id);
  return mine
    .filter((c) => requested.includes(c.id) || requested.includes(c.slug))
    .map((c) => c.id);
}

export function scopeFrom(user: AuthUser, filters: AppointmentFilters): list.ListScope {
  const timezone = viewerTimezone(user, filters.timezone);
  const from = boundary(filters.dateFrom, timezone, 'start');
  const to = boundary(filters.dateTo, timezone, 'end');
  const search = filters.search ? normalizeSearchText(filters.search) : undefined;
  return {
    clinicIds: scopedClinicIds(user, filters),
    staffId: filters.staffId,
    patientEmail: filters.patientEmail || undefined,
    search: search || undefined,
    from,
    to,
  };
}

/**
 * What an answer about a scope is reused under (ADR 004, 008): its clinics' data versions and
 * its filters. None for a patient filter (email, search), which one person types for one look:
 * such answers are always read afresh.
 */
function scopeKey(user: AuthUser, scope: list.ListScope): unknown[] | null {
  const versions = versionsKey(user, scope.clinicIds);
  if (scope.patientEmail || scope.search || !versions) return null;
  return [
    versions,
    scope.staffId ?? null,
    scope.from?.getTime() ?? null,
    scope.to?.getTime() ?? null,
  ];
}

const countsReuse = new ReuseCache<AppointmentCounts>(1_000);

/**
 * Counts of a scope, computed again only when the data of its clinics has changed or after
 * READ_REUSE_MS (ADR 004). Every front-desk screen of a clinic asks for the same counts; this
 * spares the database the same aggregate over and over.
 */
function cachedCounts(
  deps: AppDeps,
  user: AuthUser,
  scope: list.ListScope,
  now: Date,
): Promise<AppointmentCounts> {
  const count = () => list.countBuckets(deps.db.db, scope, now);
  const key = scopeKey(user, scope);
  return key ? countsReuse.get(deps.db.db, key, now, count) : count();
}

/** A page is up to 101 appointments' JSON, about 80 KB: fewer of them are kept than counts. */
const pagesReuse = new ReuseCache<repo.AppointmentJsonRow[]>(200);

/**
 * A page of the list, read again only when the data of its clinics has changed or after
 * READ_REUSE_MS (ADR 008): every front desk refreshes the same first page all day. The reads are
 * audited each time all the same.
 */
function cachedPage(
  deps: AppDeps,
  user: AuthUser,
  scope: list.ListScope,
  status: { bucket?: string; stored?: string },
  now: Date,
  page: { limit: number; offset: number },
): Promise<repo.AppointmentJsonRow[]> {
  const read = () => list.listPage(deps.db.db, scope, status, now, page);
  const key = scopeKey(user, scope);
  if (!key) return read();
  const pageKey = [...key, status.bucket ?? null, status.stored ?? null, page.limit, page.offset];
  return pagesReuse.get(deps.db.db, pageKey, now, read);
}

/** The views of rows a user is shown, each read written to the audit log first. */
async function shown(
  deps: AppDeps,
  ctx: RequestContext,
  rows: repo.AppointmentRow[],
): Promise<Appointment[]> {
  await auditAppointmentReads(deps, ctx, rows);
  return rows.map(toAppointmentView);
}

/**
 * The paginated list as the response's JSON text (spec §7): the appointments' JSON comes from
 * the database (appointmentJson) and is written in as it is, so it fits paginatedResponse.
 */
export async function listAppointmentsPage(
  deps: AppDeps,
  ctx: RequestContext,
  query: PaginatedQuery,
): Promise<string> {
  const scope = scopeFrom(ctx.user, query);
  const now = deps.now();
  const status = query.status?.toLowerCase();
  const statusFilter =
    status && status !== 'all'
      ? (COUNT_BUCKETS as readonly string[]).includes(status)
        ? { bucket: status }
        : { stored: normalizeStatus(status) }
      : {};
  const [rows, counts] = await Promise.all([
    cachedPage(deps, ctx.user, scope, statusFilter, now, {
      limit: query.limit + 1,
      offset: (query.page - 1) * query.limit,
    }),
    cachedCounts(deps, ctx.user, scope, now),
  ]);
  const hasNextPage = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  await auditReads(deps, ctx, 'appointment', page);
  const rest: Omit<PaginatedResponse, 'data'> = {
    pagination: { hasNextPage, currentPage: query.page },
    counts,
  };
  return `{"data":[${page.map((r) => r.json).join(',')}],${JSON.stringify(rest).slice(1)}`;
}

export async function countAppointments(
  deps: AppDeps,
  { user }: RequestContext,
  filters: AppointmentFilters,
) {
  return cachedCounts(deps, user, scopeFrom(user, filters), deps.now());
}

/**
 * The list's counts of a dashboard's scope (its clinics, perhaps one agent), from the same
 * monthly rollup; computed afresh, as the dashboard is not reused.
 */
export function countInScope(
  db: Executor,
  scope: { clinicIds: readonly string[]; staffId?: string },
  now: Date,
) {
  return list.countBuckets(db, scope, now);
}

export async function getAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<Appointment> {
  const row = await repo.findAppointment(deps.db.db, id, [...ctx.user.clinicIds]);
  if (!row) throw notFound('Appointment not found');
  const [view] = await shown(deps, ctx, [row]);
  return view!;
}

/**
 * The date-range call (spec §7): by default a provider or nurse sees their own appointments and
 * everyone else the whole clinic; includeAll widens to the clinic; includeExpired keeps those
 * that have already ended.
 */
export async function listAppointmentsInRange(
  deps: AppDeps,
  ctx: RequestContext,
  query: RangeQuery,
): Promise<Appointment[]> {
  const timezone = viewerTimezone(ctx.user, query.timezone);
  const rows = await list.listRange(deps.db.db, {
    clinicIds: [...ctx.user.clinicIds],
    staffId: !query.includeAll && isBookableRole(ctx.user.role) ? ctx.user.id : undefined,
    from: boundary(query.startDate, timezone, 'start'),
    to: boundary(query.endDate, timezone, 'end'),
    excludeEndedBefore: query.includeExpired ? undefined : deps.now(),
  });
  return shown(deps, ctx, rows);
}
