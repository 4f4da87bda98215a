import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

const s = t.services;

/** A service as its admin page and the booking wizard show it, with who offers it by name. */
export interface ServiceRow {
  id: string;
  clinicId: string;
  name: string;
  durations: number[];
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  kind: string;
  location: string | null;
  colour: string;
  offeredByAll: boolean;
  agents: Array<{ id: string; name: string; durationMinutes: number | null }>;
  bookableOnline: boolean;
  patientsAllowed: string;
  instructions: string | null;
  resourceCategory: string | null;
  resourceId: string | null;
  isDefault: boolean;
  archivedAt: Date | null;
  version: number;
}

/** What a write sets of a service: everything an admin chooses but who offers it. */
export type ServiceFields = Pick<
  typeof t.services.$inferInsert,
  | 'name'
  | 'durations'
  | 'bufferBeforeMinutes'
  | 'bufferAfterMinutes'
  | 'kind'
  | 'location'
  | 'colour'
  | 'offeredByAll'
  | 'bookableOnline'
  | 'patientsAllowed'
  | 'instructions'
  | 'resourceCategory'
  | 'resourceId'
>;

export interface AgentChoice {
  id: string;
  durationMinutes: number | null;
}

// "services"."id" written out: Drizzle leaves a column of the queried table unqualified, which
// inside this subquery would name users.id.
const agentsOfService = sql<ServiceRow['agents']>`coalesce((
  select json_agg(json_build_object('id', u.id, 'name', u.name,
                                    'durationMinutes', sa.duration_minutes)
                  order by u.name, u.id)
    from ${t.serviceAgents} sa join ${t.users} u on u.id = sa.agent_id
   where sa.service_id = "services"."id"), '[]'::json)`;

const serviceColumns = {
  id: s.id,
  clinicId: s.clinicId,
  name: s.name,
  durations: s.durations,
  bufferBeforeMinutes: s.bufferBeforeMinutes,
  bufferAfterMinutes: s.bufferAfterMinutes,
  kind: s.kind,
  location: s.location,
  colour: s.colour,
  offeredByAll: s.offeredByAll,
  agents: agentsOfService,
  bookableOnline: s.bookableOnline,
  patientsAllowed: s.patientsAllowed,
  instructions: s.instructions,
  resourceCategory: s.resourceCategory,
  resourceId: s.resourceId,
  isDefault: s.isDefault,
  archivedAt: s.archivedAt,
  version: s.version,
};

export type ArchivedFilter = 'exclude' | 'include' | 'only';

const ARCHIVED_CONDITION: Record<ArchivedFilter, SQL | undefined> = {
  exclude: isNull(s.archivedAt),
  include: undefined,
  only: isNotNull(s.archivedAt),
};

/** A clinic's services: the default first, then by name; archived ones as the filter says. */
export function listServices(
  db: Executor,
  clinicId: string,
  archived: ArchivedFilter,
): Promise<ServiceRow[]> {
  return db
    .select(serviceColumns)
    .from(s)
    .where(and(eq(s.clinicId, clinicId), ARCHIVED_CONDITION[archived]))
    .orderBy(desc(s.isDefault), asc(sql`lower(${s.name})`), asc(s.id));
}

/** One service of the clinic; undefined when the clinic has none of that id. */
export async function findService(
  db: Executor,
  clinicId: string,
  serviceId: string,
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .select(serviceColumns)
    .from(s)
    .where(and(eq(s.clinicId, clinicId), eq(s.id, serviceId)))
    .limit(1);
  return row;
}

export async function insertService(
  db: Executor,
  clinicId: string,
  fields: ServiceFields,
): Promise<string> {
  const [row] = await db
    .insert(s)
    .values({ clinicId, ...fields })
    .returning({ id: s.id });
  return row!.id;
}

/**
 * Writes the service's fields if it is still at `version`, raising it: false when the clinic has
 * no such service or someone changed it since (the caller tells which).
 */
export async function updateServiceAt(
  db: Executor,
  clinicId: string,
  serviceId: string,
  version: number,
  fields: ServiceFields,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(s)
    .set({ ...fields, version: sql`${s.version} + 1`, updatedAt: now })
    .where(and(eq(s.clinicId, clinicId), eq(s.id, serviceId), eq(s.version, version)))
    .returning({ id: s.id });
  return rows.length > 0;
}

/** Archives (a time) or restores (null) the service, raising its version. */
export async function setArchivedAt(
  db: Executor,
  serviceId: string,
  archivedAt: Date | null,
  now: Date,
): Promise<void> {
  await db
    .update(s)
    .set({ archivedAt, version: sql`${s.version} + 1`, updatedAt: now })
    .where(eq(s.id, serviceId));
}

/** Who offers the service from now on, with their own lengths: the list replaces the old one. */
export async function replaceServiceAgents(
  db: Executor,
  serviceId: string,
  agents: readonly AgentChoice[],
): Promise<void> {
  await db.delete(t.serviceAgents).where(eq(t.serviceAgents.serviceId, serviceId));
  if (agents.length === 0) return;
  await db
    .insert(t.serviceAgents)
    .values(agents.map((a) => ({ serviceId, agentId: a.id, durationMinutes: a.durationMinutes })));
}

/** Which of these users belong to the clinic, with their name and role. */
export function findClinicMembers(
  db: Executor,
  clinicId: string,
  userIds: readonly string[],
): Promise<Array<{ id: string; name: string; role: string }>> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: t.users.id, name: t.users.name, role: t.users.role })
    .from(t.clinicMembers)
    .innerJoin(t.users, eq(t.users.id, t.clinicMembers.userId))
    .where(and(eq(t.clinicMembers.clinicId, clinicId), inArray(t.users.id, [...userIds])));
}
