// A clinic's rooms and equipment as the slot engine, the booking check and the waitlist's offers
// read them (ADR 045): its active resources with their hours, their time off and what keeps them
// (appointments and live online holds) around a stretch of time, in one statement. It lives here,
// not in a module, because several modules read it.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ResourcePool, SlotResource } from '@domain/resource-slots';
import type { WeeklySegment } from '@domain/schedule';
import { SERVICE_BUFFER_MAX } from '@domain/services';
import type { Executor } from './client';
import { prepared } from './prepared';
import * as t from './schema';

/** Epoch milliseconds of a timestamptz, as JSON numbers (no Date per row to parse). */
const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

export interface PoolWindow {
  clinicId: string;
  /** Visits starting in [from, to) are asked about; the read reaches the buffers around them. */
  from: Date;
  to: Date;
  now: Date;
  /** Moving appointments do not keep their own resources from their new times. */
  excludeAppointmentIds?: readonly string[];
}

/** The earliest a live hold expires, for a reused answer to stop at (ADR 029). */
export interface LoadedPool extends ResourcePool {
  holdsExpireAt: number;
}

/**
 * The clinic's active resources with their time off and bookings that can meet a visit starting
 * in [from, to): widened by the longest visit (a day) and the longest buffers either side.
 */
export async function loadResourcePool(
  db: Executor,
  timezone: string,
  w: PoolWindow,
): Promise<LoadedPool> {
  const margin = (2 * SERVICE_BUFFER_MAX + 24 * 60) * 60_000;
  const r = t.resources;
  // Spelled out: inside a subquery drizzle names the column without its table, which would be
  // the subquery's own id.
  const resourceId = sql.raw('"resources"."id"');
  const excluded = w.excludeAppointmentIds ?? [];
  const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
  // Prepared (db/prepared.ts): every booking of a service that needs a room reads it.
  const shape = excluded.length > 0 ? 'resource_pool_moving' : 'resource_pool';
  const rows = await prepared(db, shape, (name) =>
    db
      .select({
        id: r.id,
        name: r.name,
        category: r.category,
        weekly: r.weekly,
        timeOff: sql<Array<[number, number]>>`coalesce((
          select json_agg(json_build_array(${ms('o.start_at')}, ${ms('o.end_at')}))
          from ${t.resourceTimeOff} o
          where o.resource_id = ${resourceId} and o.start_at < ${at('to')}
            and o.end_at > ${at('from')}), '[]'::json)`,
        booked: sql<Array<[number, number, number, number]>>`coalesce((
          select json_agg(json_build_array(${ms('a.start_at')}, ${ms('a.end_at')},
            a.buffer_before_minutes, a.buffer_after_minutes))
          from ${t.appointments} a
          where a.resource_id = ${resourceId} and a.status <> 'CANCELLED'
            and a.start_at < ${at('to')} and a.start_at > ${at('from')} - interval '1 day'
            and a.end_at > ${at('from')}
            ${excluded.length > 0 ? sql`and a.id <> all(${sql.placeholder('excluded')}::uuid[])` : sql``}), '[]'::json)`,
        held: sql<Array<[number, number, number, number, number]>>`coalesce((
          select json_agg(json_build_array(${ms('h.start_at')}, ${ms('h.end_at')},
            h.buffer_before_minutes, h.buffer_after_minutes, ${ms('h.expires_at')}))
          from ${t.onlineBookingHolds} h
          where h.resource_id = ${resourceId} and h.state = 'open' and h.expires_at > ${at('now')}
            and h.start_at < ${at('to')} and h.end_at > ${at('from')}), '[]'::json)`,
      })
      .from(r)
      .where(and(eq(r.clinicId, sql.placeholder('clinicId')), isNull(r.archivedAt)))
      .prepare(name),
  ).execute({
    clinicId: w.clinicId,
    from: new Date(w.from.getTime() - margin).toISOString(),
    to: new Date(w.to.getTime() + margin).toISOString(),
    now: w.now.toISOString(),
    ...(excluded.length > 0 ? { excluded: [...excluded] } : {}),
  });
  let holdsExpireAt = Infinity;
  const resources: SlotResource[] = [];
  const bookings: ResourcePool['bookings'][number][] = [];
  for (const row of rows) {
    resources.push({
      id: row.id,
      name: row.name,
      category: row.category,
      archived: false,
      weekly: (row.weekly as WeeklySegment[] | null) ?? null,
      timeOff: row.timeOff.map(([start, end]) => ({ start, end })),
    });
    // A live hold keeps the resource as a booking does, until it expires.
    for (const [start, end, before, after] of [...row.booked, ...row.held])
      bookings.push({
        resourceId: row.id,
        start,
        end,
        bufferBeforeMinutes: before,
        bufferAfterMinutes: after,
      });
    for (const held of row.held) holdsExpireAt = Math.min(holdsExpireAt, held[4]);
  }
  return { timezone, resources, bookings, holdsExpireAt };
}

/** One resource of the clinic, archived or not, for a refusal that names it. */
export async function findClinicResource(db: Executor, clinicId: string, resourceId: string) {
  const r = t.resources;
  const [row] = await db
    .select({ id: r.id, name: r.name, category: r.category, archivedAt: r.archivedAt })
    .from(r)
    .where(and(eq(r.clinicId, clinicId), eq(r.id, resourceId)))
    .limit(1);
  return row;
}
