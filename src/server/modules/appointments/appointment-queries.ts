import { normalizeStatus } from '@domain/appointment-status';
import { COUNT_BUCKETS, type AppointmentCounts } from '@domain/appointment-status';
import { isBookableRole } from '@domain/roles';
import { normalizeSearchText } from '@domain/search-text';
import { addDaysToKey, isValidTimeZone, wallClockToUtc } from '@domain/zoned-time';
import type {
  Appointment,
  AppointmentFilters,
  PaginatedQuery,
  PaginatedResponse,
  RangeQuery,
} from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound } from '../../errors';
import { recordReadAudit } from '../audit/audit.repository';
import type { AuthUser } from '../auth/auth.service';
import { toAppointmentView } from './appointment-view';
import * as repo from './appointments.repository';

export interface QueryContext {
  user: AuthUser;
  ip: string;
}

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

function viewerTimezone(user: AuthUser, requested: string | undefined): string {
  if (requested !== undefined) {
    if (!isValidTimeZone(requested))
      throw badRequest('timezone must be an IANA time zone such as America/New_York.');
    return requested;
  }
  return user.timezone && isValidTimeZone(user.timezone) ? user.timezone : 'UTC';
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

export function scopeFrom(user: AuthUser, filters: AppointmentFilters): repo.ListScope {
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

/** How long counts may be reused while no appointment of the scope changes. */
export const COUNTS_REUSE_MS = 5_000;
const COUNTS_CACHE_ENTRIES = 1_000;
const countsCaches = new WeakMap<object, Map<string, { counts: AppointmentCounts; at: number }>>();

/**
 * Counts of a scope, computed again only when an appointment of the user's clinics has changed
 * (the data version read with the session moves on, on every instance, at the commit) or after
 * COUNTS_REUSE_MS, which bounds how late an appointment whose start has just passed moves from
 * upcoming to pending. Every front-desk screen of a clinic asks for the same counts; this spares
 * the database the same aggregate over and over. A patient filter (email, search) is typed by
 * one person for one look and is always counted afresh.
 */
async function cachedCounts(
  deps: AppDeps,
  user: AuthUser,
  scope: repo.ListScope,
  now: Date,
): Promise<AppointmentCounts> {
  if (scope.patientEmail || scope.search) return repo.countBuckets(deps.db.db, scope, now);
  let cache = countsCaches.get(deps.db.db);
  if (!cache) countsCaches.set(deps.db.db, (cache = new Map()));
  const key = JSON.stringify([
    user.dataVersion,
    [...scope.clinicIds].sort(),
    scope.staffId ?? null,
    scope.from?.getTime() ?? null,
    scope.to?.getTime() ?? null,
  ]);
  const hit = cache.get(key);
  const age = hit ? now.getTime() - hit.at : Infinity;
  if (hit && age >= 0 && age < COUNTS_REUSE_MS) return hit.counts;
  const counts = await repo.countBuckets(deps.db.db, scope, now);
  cache.delete(key);
  cache.set(key, { counts, at: now.getTime() });
  // Oldest first in a Map: beyond the bound, the least recently computed go.
  for (const oldest of cache.keys()) {
    if (cache.size <= COUNTS_CACHE_ENTRIES) break;
    cache.delete(oldest);
  }
  return counts;
}

/** Each read is written to the audit log before the user is shown it. */
function auditReads(
  deps: AppDeps,
  ctx: QueryContext,
  rows: ReadonlyArray<{ id: string; patientId: string }>,
): Promise<void> {
  return recordReadAudit(
    deps.db.db,
    { userId: ctx.user.id, ip: ctx.ip },
    rows.map((r) => ({
      action: 'read',
      entityType: 'appointment',
      entityId: r.id,
      patientId: r.patientId,
    })),
    deps.now(),
  );
}

/** The views of rows a user is shown, each read written to the audit log first. */
async function shown(
  deps: AppDeps,
  ctx: QueryContext,
  rows: repo.AppointmentRow[],
): Promise<Appointment[]> {
  await auditReads(
    deps,
    ctx,
    rows.map((r) => ({ id: r.appointment.id, patientId: r.patient.id })),
  );
  return rows.map(toAppointmentView);
}

/**
 * The paginated list as the response's JSON text (spec §7): the appointments' JSON comes from
 * the database (appointmentJson) and is written in as it is, so it fits paginatedResponse.
 */
export async function listAppointmentsPage(
  deps: AppDeps,
  ctx: QueryContext,
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
    repo.listPage(deps.db.db, scope, statusFilter, now, {
      limit: query.limit + 1,
      offset: (query.page - 1) * query.limit,
    }),
    cachedCounts(deps, ctx.user, scope, now),
  ]);
  const hasNextPage = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  await auditReads(deps, ctx, page);
  const rest: Omit<PaginatedResponse, 'data'> = {
    pagination: { hasNextPage, currentPage: query.page },
    counts,
  };
  return `{"data":[${page.map((r) => r.json).join(',')}],${JSON.stringify(rest).slice(1)}`;
}

export async function countAppointments(
  deps: AppDeps,
  user: AuthUser,
  filters: AppointmentFilters,
) {
  return cachedCounts(deps, user, scopeFrom(user, filters), deps.now());
}

export async function getAppointment(
  deps: AppDeps,
  ctx: QueryContext,
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
  ctx: QueryContext,
  query: RangeQuery,
): Promise<Appointment[]> {
  const timezone = viewerTimezone(ctx.user, query.timezone);
  const rows = await repo.listRange(deps.db.db, {
    clinicIds: [...ctx.user.clinicIds],
    staffId: !query.includeAll && isBookableRole(ctx.user.role) ? ctx.user.id : undefined,
    from: boundary(query.startDate, timezone, 'start'),
    to: boundary(query.endDate, timezone, 'end'),
    excludeEndedBefore: query.includeExpired ? undefined : deps.now(),
  });
  return shown(deps, ctx, rows);
}
