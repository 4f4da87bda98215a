import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { BOOKABLE_ROLES } from '@domain/roles';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { memberOfAnyClinic } from '../../db/clinic-columns';
import * as t from '../../db/schema';

export interface AgentScheduleData {
  agentId: string;
  /** Null when the agent never saved a schedule: the defaults apply (spec §9). */
  timezone: string | null;
  weekly: unknown;
  overrides: Array<{ date: string; kind: string; segments: unknown }>;
}

/** Each agent's saved week and date overrides, in one prepared statement for any number of agents. */
export async function loadScheduleData(
  db: Executor,
  agentIds: readonly string[],
): Promise<AgentScheduleData[]> {
  if (agentIds.length === 0) return [];
  return prepared(db, 'agent_schedules', (name) =>
    db
      .select({
        agentId: sql<string>`agent.id`,
        timezone: t.schedules.timezone,
        weekly: t.schedules.weekly,
        overrides: sql<AgentScheduleData['overrides']>`coalesce((
          select json_agg(json_build_object('date', o.date, 'kind', o.kind, 'segments', o.segments)
                          order by o.date, o.kind)
          from ${t.scheduleOverrides} o where o.agent_id = agent.id), '[]'::json)`,
      })
      .from(sql`unnest(${sql.placeholder('agentIds')}::uuid[]) as agent(id)`)
      .leftJoin(t.schedules, sql`${t.schedules.agentId} = agent.id`)
      .prepare(name),
  ).execute({ agentIds: [...agentIds] });
}

const at = (p: string) => sql`${sql.placeholder(p)}::timestamptz`;
const forAgents = (column: AnyPgColumn) =>
  sql`${column} = any(${sql.placeholder('agentIds')}::uuid[])`;

/** A time that blocks an agent (a booking or a hold), as the slot engine reads it: the two unite. */
const blockedTime = (b: typeof t.appointments | typeof t.onlineBookingHolds) => ({
  id: b.id,
  agentId: b.staffId,
  start: b.startAt,
  end: b.endAt,
  bufferBeforeMinutes: b.bufferBeforeMinutes,
  bufferAfterMinutes: b.bufferAfterMinutes,
});

/** The agents' bookings that overlap [from, to): what loadBookings and loadBlockingTimes read. */
function selectBookings(db: Executor, excluding: boolean) {
  const a = t.appointments;
  return db
    .select(blockedTime(a))
    .from(a)
    .where(
      and(
        forAgents(a.staffId),
        ne(a.status, 'CANCELLED'),
        sql`${a.startAt} < ${at('to')}`,
        // No appointment lasts longer than a day (appointments_duration_check), and `from` is
        // already widened by the longest buffer: the same rows, but the (staff_id, start_at)
        // index can stop a day before `from` instead of reading all history.
        sql`${a.startAt} > ${at('dayBefore')}`,
        sql`${a.endAt} > ${at('from')}`,
        excluding ? sql`${a.id} <> ${sql.placeholder('exclude')}::uuid` : undefined,
      ),
    );
}

/** The agents' holds open at `now` that overlap [from, to). */
function selectLiveHolds(db: Executor) {
  const h = t.onlineBookingHolds;
  return db
    .select(blockedTime(h))
    .from(h)
    .where(
      and(
        forAgents(h.staffId),
        eq(h.state, 'open'),
        sql`${h.expiresAt} > ${at('now')}`,
        sql`${h.startAt} < ${at('to')}`,
        sql`${h.endAt} > ${at('from')}`,
      ),
    );
}

/** The values of the statements above. */
function windowValues(agentIds: readonly string[], from: Date, to: Date) {
  return {
    agentIds: [...agentIds],
    to: to.toISOString(),
    from: from.toISOString(),
    dayBefore: new Date(from.getTime() - 24 * 60 * 60_000).toISOString(),
  };
}

/** Appointments that hold an agent's time and overlap [from, to). */
export function loadBookings(
  db: Executor,
  agentIds: readonly string[],
  from: Date,
  to: Date,
  excludeAppointmentId?: string,
) {
  if (agentIds.length === 0) return Promise.resolve([]);
  const excluding = Boolean(excludeAppointmentId);
  return prepared(db, excluding ? 'bookings_except' : 'bookings', (name) =>
    selectBookings(db, excluding).prepare(name),
  ).execute({ ...windowValues(agentIds, from, to), exclude: excludeAppointmentId });
}

/**
 * Times held on the public booking page that have not expired by `now` (ADR 022): they
 * block slots as bookings do, for staff and patients alike, though they are no appointments.
 */
export function loadLiveHolds(
  db: Executor,
  agentIds: readonly string[],
  from: Date,
  to: Date,
  now: Date,
) {
  if (agentIds.length === 0) return Promise.resolve([]);
  return prepared(db, 'live_holds', (name) => selectLiveHolds(db).prepare(name)).execute({
    ...windowValues(agentIds, from, to),
    now: now.toISOString(),
  });
}

/**
 * loadBookings and loadLiveHolds in one statement: the times that block agents around a range,
 * for a check that has no agent read with them (a booking checks its one time this way).
 */
export function loadBlockingTimes(
  db: Executor,
  agentIds: readonly string[],
  from: Date,
  to: Date,
  now: Date,
  excludeAppointmentId?: string,
) {
  if (agentIds.length === 0) return Promise.resolve([]);
  const excluding = Boolean(excludeAppointmentId);
  const name = excluding ? 'blocking_times_except' : 'blocking_times';
  return prepared(db, name, (statement) =>
    selectBookings(db, excluding).unionAll(selectLiveHolds(db)).prepare(statement),
  ).execute({
    ...windowValues(agentIds, from, to),
    now: now.toISOString(),
    exclude: excludeAppointmentId,
  });
}

export function findAgentSchedule(db: Executor, agentId: string) {
  return db.select().from(t.schedules).where(eq(t.schedules.agentId, agentId)).limit(1);
}

export type AgentRow = Pick<
  typeof t.users.$inferSelect,
  'id' | 'name' | 'email' | 'role' | 'timezone'
>;

const agentColumns = {
  id: t.users.id,
  name: t.users.name,
  email: t.users.email,
  role: t.users.role,
  timezone: t.users.timezone,
};

/**
 * A provider or nurse who belongs to at least one of the given clinics: the agents an admin of
 * those clinics may manage. Anyone else is, to that admin, not there at all.
 */
export async function findBookableAgentInClinics(
  db: Executor,
  clinicIds: readonly string[],
  agentId: string,
): Promise<AgentRow | undefined> {
  if (clinicIds.length === 0) return undefined;
  const [row] = await db
    .select(agentColumns)
    .from(t.users)
    .where(
      and(
        eq(t.users.id, agentId),
        inArray(t.users.role, [...BOOKABLE_ROLES]),
        memberOfAnyClinic(db, clinicIds),
      ),
    )
    .limit(1);
  return row;
}

/** The agent's clinics among the given ones, by name. */
export function sharedClinics(db: Executor, agentId: string, clinicIds: readonly string[]) {
  if (clinicIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: t.clinics.id, slug: t.clinics.slug, name: t.clinics.name })
    .from(t.clinicMembers)
    .innerJoin(t.clinics, eq(t.clinics.id, t.clinicMembers.clinicId))
    .where(and(eq(t.clinicMembers.userId, agentId), inArray(t.clinics.id, [...clinicIds])))
    .orderBy(asc(t.clinics.name));
}

export function listAgentOverrides(db: Executor, agentId: string) {
  return db
    .select()
    .from(t.scheduleOverrides)
    .where(eq(t.scheduleOverrides.agentId, agentId))
    .orderBy(asc(t.scheduleOverrides.date), asc(t.scheduleOverrides.kind));
}

/**
 * Writes the weekly hours, creating the row on first save. Run first in a save's transaction:
 * the row lock it takes queues a concurrent save of the same agent behind this one, so their
 * override replacements cannot interleave.
 */
export async function upsertSchedule(
  db: Executor,
  values: { agentId: string; timezone: string; weekly: unknown; updatedAt: Date },
) {
  const [row] = await db
    .insert(t.schedules)
    .values(values)
    .onConflictDoUpdate({
      target: t.schedules.agentId,
      set: { timezone: values.timezone, weekly: values.weekly, updatedAt: values.updatedAt },
    })
    .returning();
  return row!;
}

export async function replaceOverrides(
  db: Executor,
  agentId: string,
  rows: ReadonlyArray<{ date: string; kind: 'off' | 'hours'; segments: unknown }>,
) {
  await db.delete(t.scheduleOverrides).where(eq(t.scheduleOverrides.agentId, agentId));
  if (rows.length === 0) return;
  await db.insert(t.scheduleOverrides).values(rows.map((row) => ({ agentId, ...row })));
}

/**
 * The agent's visits still ahead at `now` and not ended by any status (OPEN_STATUSES), soonest
 * first, with the clinic and patient a list of them names.
 */
export function upcomingOpenVisits(
  db: Executor,
  agentId: string,
  now: Date,
  statuses: readonly string[],
) {
  const a = t.appointments;
  return db
    .select({
      id: a.id,
      start: a.startAt,
      end: a.endAt,
      duration: a.duration,
      status: a.status,
      clinicId: a.clinicId,
      clinic: t.clinics.slug,
      firstName: t.patients.firstName,
      lastName: t.patients.lastName,
    })
    .from(a)
    .innerJoin(t.clinics, eq(t.clinics.id, a.clinicId))
    .innerJoin(t.patients, eq(t.patients.id, a.patientId))
    .where(
      and(eq(a.staffId, agentId), sql`${a.startAt} >= ${now}`, inArray(a.status, [...statuses])),
    )
    .orderBy(asc(a.startAt));
}

/**
 * Holds open at `now` on the public booking page that overlap [from, to) in the given clinics:
 * what staff see as held times. Only when and with whom: who holds it stays with the hold.
 */
export function liveHoldsInClinics(
  db: Executor,
  input: {
    clinicIds: readonly string[];
    agentIds?: readonly string[];
    from: Date;
    to: Date;
    now: Date;
  },
) {
  if (input.clinicIds.length === 0) return Promise.resolve([]);
  const h = t.onlineBookingHolds;
  return db
    .select({
      id: h.id,
      clinic: t.clinics.slug,
      agentId: h.staffId,
      start: h.startAt,
      end: h.endAt,
      expiresAt: h.expiresAt,
    })
    .from(h)
    .innerJoin(t.clinics, eq(t.clinics.id, h.clinicId))
    .where(
      and(
        inArray(h.clinicId, [...input.clinicIds]),
        input.agentIds ? inArray(h.staffId, [...input.agentIds]) : undefined,
        eq(h.state, 'open'),
        sql`${h.expiresAt} > ${input.now}`,
        sql`${h.startAt} < ${input.to}`,
        sql`${h.endAt} > ${input.from}`,
      ),
    )
    .orderBy(asc(h.startAt));
}
