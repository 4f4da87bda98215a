import { and, asc, eq, gt, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { WeeklySegment } from '@domain/schedule';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

const r = t.resources;
const off = t.resourceTimeOff;

export interface TimeOffRow {
  id: string;
  start: string;
  end: string;
  reason: string | null;
}

/** A resource as its admin page shows it, with its time off not yet ended. */
export interface ResourceRow {
  id: string;
  clinicId: string;
  name: string;
  kind: string;
  category: string;
  weekly: WeeklySegment[] | null;
  timeOff: TimeOffRow[];
  archivedAt: Date | null;
  version: number;
}

/** What a write sets of a resource: everything an admin chooses. */
export interface ResourceFields {
  name: string;
  kind: string;
  category: string;
  weekly: WeeklySegment[] | null;
}

export type ArchivedFilter = 'exclude' | 'include' | 'only';

const ARCHIVED_CONDITION: Record<ArchivedFilter, SQL | undefined> = {
  exclude: isNull(r.archivedAt),
  include: undefined,
  only: isNotNull(r.archivedAt),
};

// "resources"."id" written out: inside this subquery Drizzle would leave it unqualified. The
// instants are formatted by PostgreSQL in UTC so both engines' JSON give the same ISO text.
const timeOffOf = (now: Date) => sql<TimeOffRow[]>`coalesce((
  select json_agg(json_build_object(
           'id', o.id,
           'start', to_char(o.start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'end', to_char(o.end_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'reason', o.reason)
         order by o.start_at, o.end_at, o.id)
    from ${off} o
   where o.resource_id = "resources"."id" and o.end_at > ${now.toISOString()}::timestamptz), '[]'::json)`;

const columnsAt = (now: Date) => ({
  id: r.id,
  clinicId: r.clinicId,
  name: r.name,
  kind: r.kind,
  category: r.category,
  weekly: sql<WeeklySegment[] | null>`${r.weekly}`,
  timeOff: timeOffOf(now),
  archivedAt: r.archivedAt,
  version: r.version,
});

/** A clinic's resources by name; archived ones as the filter says. */
export function listResources(
  db: Executor,
  clinicId: string,
  archived: ArchivedFilter,
  now: Date,
): Promise<ResourceRow[]> {
  return db
    .select(columnsAt(now))
    .from(r)
    .where(and(eq(r.clinicId, clinicId), ARCHIVED_CONDITION[archived]))
    .orderBy(asc(sql`lower(${r.name})`), asc(r.id));
}

/** One resource of the clinic; undefined when the clinic has none of that id. */
export async function findResource(
  db: Executor,
  clinicId: string,
  resourceId: string,
  now: Date,
): Promise<ResourceRow | undefined> {
  const [row] = await db
    .select(columnsAt(now))
    .from(r)
    .where(and(eq(r.clinicId, clinicId), eq(r.id, resourceId)))
    .limit(1);
  return row;
}

/**
 * Locks the clinic's resource row until the transaction ends, so its archiving, its time off and
 * a service that comes to need it are decided one after the other. False: no such resource.
 */
export async function lockResource(
  db: Executor,
  clinicId: string,
  resourceId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.clinicId, clinicId), eq(r.id, resourceId)))
    .for('update');
  return rows.length > 0;
}

/** A category as it is compared: the same words in any case, spaces around them ignored. */
const categoryKey = (column: typeof r.category | typeof t.services.resourceCategory) =>
  sql`lower(btrim(${column}))`;

/**
 * Locks the clinic's active resources of one category, in id order, until the transaction ends:
 * two archivings in one category are decided one after the other, so they cannot together take
 * its last one away. Their ids.
 */
export async function lockActiveOfCategory(
  db: Executor,
  clinicId: string,
  category: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: r.id })
    .from(r)
    .where(
      and(
        eq(r.clinicId, clinicId),
        isNull(r.archivedAt),
        sql`${categoryKey(r.category)} = ${category.trim().toLowerCase()}`,
      ),
    )
    .orderBy(asc(r.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** The active services of the clinic that need any resource of this category. */
export function activeServicesNeedingCategory(
  db: Executor,
  clinicId: string,
  category: string,
): Promise<Array<{ name: string }>> {
  const s = t.services;
  return db
    .select({ name: s.name })
    .from(s)
    .where(
      and(
        eq(s.clinicId, clinicId),
        isNull(s.archivedAt),
        sql`${categoryKey(s.resourceCategory)} = ${category.trim().toLowerCase()}`,
      ),
    )
    .orderBy(asc(sql`lower(${s.name})`));
}

export async function insertResource(
  db: Executor,
  clinicId: string,
  fields: ResourceFields,
): Promise<string> {
  const [row] = await db
    .insert(r)
    .values({ clinicId, ...fields })
    .returning({ id: r.id });
  return row!.id;
}

/**
 * Writes the resource's fields if it is still at `version`, raising it: false when the clinic
 * has no such resource or someone changed it since (the caller tells which).
 */
export async function updateResourceAt(
  db: Executor,
  clinicId: string,
  resourceId: string,
  version: number,
  fields: ResourceFields,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(r)
    .set({ ...fields, version: sql`${r.version} + 1`, updatedAt: now })
    .where(and(eq(r.clinicId, clinicId), eq(r.id, resourceId), eq(r.version, version)))
    .returning({ id: r.id });
  return rows.length > 0;
}

/** Archives (a time) or restores (null) the resource, raising its version. */
export async function setArchivedAt(
  db: Executor,
  resourceId: string,
  archivedAt: Date | null,
  now: Date,
): Promise<void> {
  await db
    .update(r)
    .set({ archivedAt, version: sql`${r.version} + 1`, updatedAt: now })
    .where(eq(r.id, resourceId));
}

/**
 * The active services of the clinic that name this resource as what they need. The services
 * module owns the table; this one reads the column that points here, as the foreign key does.
 */
export function activeServicesNaming(
  db: Executor,
  clinicId: string,
  resourceId: string,
): Promise<Array<{ name: string }>> {
  const s = t.services;
  return db
    .select({ name: s.name })
    .from(s)
    .where(and(eq(s.clinicId, clinicId), eq(s.resourceId, resourceId), isNull(s.archivedAt)))
    .orderBy(asc(sql`lower(${s.name})`));
}

/** The resource's time off that overlaps [start, end) and has not ended by `now`. */
export function overlappingTimeOff(
  db: Executor,
  resourceId: string,
  start: Date,
  end: Date,
  now: Date,
): Promise<TimeOffRow[]> {
  return db
    .select({
      id: off.id,
      start: sql<string>`to_char(${off.startAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      end: sql<string>`to_char(${off.endAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      reason: off.reason,
    })
    .from(off)
    .where(
      and(
        eq(off.resourceId, resourceId),
        lt(off.startAt, end),
        gt(off.endAt, start),
        gt(off.endAt, now),
      ),
    )
    .orderBy(asc(off.startAt));
}

export async function insertTimeOff(
  db: Executor,
  values: {
    resourceId: string;
    clinicId: string;
    start: Date;
    end: Date;
    reason: string | null;
    createdBy: string | null;
  },
): Promise<string> {
  const { start, end, ...rest } = values;
  const [row] = await db
    .insert(off)
    .values({ ...rest, startAt: start, endAt: end })
    .returning({ id: off.id });
  return row!.id;
}

/** Deletes the resource's time off of that id; what it was, or undefined when there is none. */
export async function deleteTimeOff(
  db: Executor,
  clinicId: string,
  resourceId: string,
  timeOffId: string,
): Promise<{ start: Date; end: Date } | undefined> {
  const [row] = await db
    .delete(off)
    .where(and(eq(off.clinicId, clinicId), eq(off.resourceId, resourceId), eq(off.id, timeOffId)))
    .returning({ start: off.startAt, end: off.endAt });
  return row;
}

/** The clinic's active resources' ids and categories: what a service may need. */
export function activeResourcesOf(
  db: Executor,
  clinicId: string,
): Promise<Array<{ id: string; name: string; category: string }>> {
  return db
    .select({ id: r.id, name: r.name, category: r.category })
    .from(r)
    .where(and(eq(r.clinicId, clinicId), isNull(r.archivedAt)))
    .orderBy(asc(sql`lower(${r.name})`), asc(r.id));
}

/** The active resource of the clinic of that id, its row locked for share until the end. */
export async function shareActiveResource(
  db: Executor,
  clinicId: string,
  resourceId: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.clinicId, clinicId), eq(r.id, resourceId), isNull(r.archivedAt)))
    .for('share');
  return row;
}
