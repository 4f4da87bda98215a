// Which room or piece of equipment a new or moved appointment (or an online hold) gets, and
// writing it so that a race is decided by the database (ADR 045): the free resources that answer
// the service's need are tried in order (a new appointment's insert skipping one another booking
// took, a change or a hold in a savepoint each), and one lost to another booking
// (`appointments_resource_no_overlap`) passes to the next; none left is a 409 in words.
import { formatDateTimeWithZone } from '@domain/format';
import {
  checkResource,
  freeResourcesFor,
  type ResourcePool,
  type ResourceRefusal,
} from '@domain/resource-slots';
import type { ResourceNeed } from '@domain/resources';
import { meetsNeed } from '@domain/resources';
import type { Executor } from '../../db/client';
import { isResourceTaken, refusalToReadAgain } from '../../db/errors';
import { conflict, unprocessable } from '../../errors';
import { findClinicResource, loadResourcePool } from '../../db/resource-pool';
import { serviceOfAppointment } from '../services';
import type { Change } from './appointment-writes';
import type { AppointmentRow } from './appointments.repository';

/** What the person booking asked of the resource. */
export interface ResourceWish {
  /** Staff chose this one: it or a refusal in words. */
  pick?: string | null;
  /** Tried first, the others after: a held or moved appointment's own resource. */
  prefer?: string | null;
}

/** A visit that may need a resource, as its rules were checked. */
export interface ResourceVisit {
  start: Date;
  end: Date;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  need: ResourceNeed;
  serviceName: string;
  wish?: ResourceWish;
  /** A series' visit: a refusal names its date. */
  namesDate?: boolean;
}

/** The resources to try, in order (null: the visit needs none), and the refusal if all are lost. */
export interface ResourcePlan {
  candidates: readonly string[] | null;
  missing: () => Error;
}

/** What to say when no resource answering the need is free for a visit. */
export function noResourceFree(
  pool: Pick<ResourcePool, 'resources'>,
  visit: ResourceVisit,
  timezone: string,
): Error {
  const need = visit.need;
  const what =
    need.kind === 'category'
      ? `No ${need.category.trim().toLowerCase()} is`
      : need.kind === 'one'
        ? `${pool.resources.find((r) => r.id === need.resourceId)?.name ?? `The room or equipment ${visit.serviceName} needs`} is not`
        : 'No room or equipment is';
  return visit.namesDate
    ? conflict(
        `${what} free on ${formatDateTimeWithZone(visit.start, timezone)}. Skip that date or choose another time.`,
      )
    : conflict(`${what} free at that time. Choose another time.`);
}

const PICK_REFUSALS: Record<ResourceRefusal, (name: string) => Error> = {
  outside_hours: (name) =>
    unprocessable(`${name} is not open at that time. Pick another room or equipment, or time.`),
  time_off: (name) =>
    unprocessable(
      `${name} is out of use at that time (time off). Pick another room or equipment, or time.`,
    ),
  taken: (name) =>
    conflict(`${name} is already booked at that time. Pick another room or equipment, or time.`),
};

/** The staff's choice checked: of the clinic, active, what the service needs, there and free. */
async function checkPick(
  db: Executor,
  clinicId: string,
  pool: ResourcePool,
  visit: ResourceVisit,
  pick: string,
): Promise<string[]> {
  const resource = pool.resources.find((r) => r.id === pick);
  if (!resource) {
    const row = await findClinicResource(db, clinicId, pick);
    if (row?.archivedAt)
      throw unprocessable(
        `${row.name} is archived and is no longer booked. Pick another room or equipment.`,
      );
    throw unprocessable('This room or equipment is not one of this clinic’s. Pick one of its own.');
  }
  if (visit.need.kind === 'none')
    throw unprocessable(`${visit.serviceName} needs no room or equipment. Book it without one.`);
  if (!meetsNeed(visit.need, resource)) {
    throw unprocessable(
      visit.need.kind === 'category'
        ? `${resource.name} is not a ${visit.need.category.trim().toLowerCase()}, which ${visit.serviceName} needs. Pick another.`
        : `${visit.serviceName} needs another room or equipment than ${resource.name}. Pick the one it needs.`,
    );
  }
  const check = checkResource(pool, resource, toDomainVisit(visit));
  if (!check.ok) throw PICK_REFUSALS[check.reason](resource.name);
  return [resource.id];
}

function toDomainVisit(visit: ResourceVisit) {
  return {
    start: visit.start.getTime(),
    end: visit.end.getTime(),
    bufferBeforeMinutes: visit.bufferBeforeMinutes,
    bufferAfterMinutes: visit.bufferAfterMinutes,
  };
}

/**
 * The resources each visit may take, in the order to try them, read in one statement for all the
 * visits (a series' too); refused in words when a visit needs one and none is free, or when the
 * staff's pick cannot be. `excludeAppointmentIds`: appointments that move, whose own times do not
 * stand in their way.
 */
export async function planResources(
  db: Executor,
  clinic: { id: string; timezone: string },
  visits: readonly ResourceVisit[],
  now: Date,
  excludeAppointmentIds: readonly string[] = [],
  /** Filled with the names of the clinic's active resources, for history that names them. */
  names?: Map<string, string>,
): Promise<ResourcePlan[]> {
  const needing = visits.filter((v) => v.need.kind !== 'none' || v.wish?.pick);
  const none = () => new Error('no resource was asked for');
  if (needing.length === 0) return visits.map(() => ({ candidates: null, missing: none }));
  const pool = await loadResourcePool(db, clinic.timezone, {
    clinicId: clinic.id,
    from: new Date(Math.min(...needing.map((v) => v.start.getTime()))),
    to: new Date(Math.max(...needing.map((v) => v.end.getTime()))),
    now,
    excludeAppointmentIds,
  });
  for (const r of pool.resources) names?.set(r.id, r.name);
  const plans: ResourcePlan[] = [];
  for (const visit of visits) {
    const missing = () => noResourceFree(pool, visit, clinic.timezone);
    if (visit.wish?.pick) {
      const [picked] = await checkPick(db, clinic.id, pool, visit, visit.wish.pick);
      const name = pool.resources.find((r) => r.id === picked)?.name ?? '';
      plans.push({ candidates: [picked!], missing: () => PICK_REFUSALS.taken(name) });
      continue;
    }
    if (visit.need.kind === 'none') {
      plans.push({ candidates: null, missing });
      continue;
    }
    const free = freeResourcesFor(pool, visit.need, toDomainVisit(visit)).map((r) => r.id);
    const prefer = visit.wish?.prefer;
    const ordered =
      prefer && free.includes(prefer) ? [prefer, ...free.filter((id) => id !== prefer)] : free;
    if (ordered.length === 0) throw missing();
    plans.push({ candidates: ordered, missing });
  }
  return plans;
}

/**
 * Writes with the first of the candidates that the database lets it have: each try in its own
 * savepoint, so a resource lost to another booking at the same moment leaves the transaction
 * usable for the next. `write` gets the savepoint to write in and the resource (null: none
 * needed); `missing` is the refusal when every candidate was lost.
 */
export async function writeWithResource<T>(
  tx: Executor,
  { candidates, missing }: ResourcePlan,
  write: (db: Executor, resourceId: string | null) => Promise<T>,
): Promise<T> {
  if (candidates === null) return write(tx, null);
  for (const resourceId of candidates) {
    try {
      return await tx.transaction((savepoint) => write(savepoint, resourceId));
    } catch (err) {
      if (!isResourceTaken(err)) throw err;
    }
  }
  throw missing();
}

/**
 * Inserts with the first of the candidates that the database lets it have, without a savepoint
 * (two statements fewer for every booking that needs a room): `insert(resourceId, true)` writes
 * `ON CONFLICT DO NOTHING` and answers undefined when a booking committed meanwhile holds that
 * resource (its exclusion constraint), and the next is tried in the same transaction. When every
 * candidate was skipped, the last is inserted plainly so that the database says why: the
 * resources all taken (`missing`), or something else (the provider's own time, a key), as it is.
 * A resource held online since this transaction read the free ones is refused by the insert's
 * trigger, not skipped; the transaction can then not go on, so the refusal asks retryOnDeadlock
 * to run it again, whose read sees the hold.
 */
export async function insertWithResource<T>(
  tx: Executor,
  { candidates, missing }: ResourcePlan,
  insert: (resourceId: string | null, skipConflicts: boolean) => Promise<T | undefined>,
): Promise<T> {
  if (candidates === null || candidates.length === 0) {
    const row = candidates === null ? await insert(null, false) : undefined;
    if (row === undefined) throw missing();
    return row;
  }
  try {
    for (const resourceId of candidates) {
      const row = await insert(resourceId, true);
      if (row !== undefined) return row;
    }
  } catch (err) {
    if (isResourceTaken(err)) throw refusalToReadAgain(missing());
    throw err;
  }
  try {
    const row = await insert(candidates.at(-1)!, false);
    if (row !== undefined) return row;
  } catch (err) {
    if (!isResourceTaken(err)) throw err;
  }
  throw missing();
}

/**
 * The resources a change may write: a new time (or agent) keeps the appointment's own if it is
 * still free then, else takes the first free one its service needs; a pick is checked as at a
 * booking. Nothing to plan for a change that moves nothing (a cancel, a mark).
 */
export async function resourcesForChange(
  tx: Executor,
  item: {
    row: AppointmentRow;
    change: Pick<Change, 'values' | 'resource'>;
    movingWith?: readonly string[];
  },
  now: Date,
) {
  const { row, change } = item;
  const current = row.appointment;
  const names = new Map<string, string>();
  const nameOf = async (resourceId: string | null) => {
    if (!resourceId) return null;
    const known = names.get(resourceId);
    if (known) return known;
    return (await findClinicResource(tx, current.clinicId, resourceId))?.name ?? null;
  };
  const moves =
    change.values.startAt !== undefined ||
    change.values.endAt !== undefined ||
    change.values.staffId !== undefined;
  const none = { candidates: null, missing: () => new Error('no resource was asked for') };
  if ((!moves && !change.resource) || change.values.status === 'CANCELLED')
    return { plan: none, nameOf };
  const service = await serviceOfAppointment(tx, current.clinicId, current.serviceId);
  const [plan] = await planResources(
    tx,
    row.clinic,
    [
      {
        start: change.values.startAt ?? current.startAt,
        end: change.values.endAt ?? current.endAt,
        bufferBeforeMinutes: current.bufferBeforeMinutes,
        bufferAfterMinutes: current.bufferAfterMinutes,
        need: service.need,
        serviceName: service.name,
        wish: { pick: change.resource?.pick, prefer: current.resourceId },
      },
    ],
    now,
    [current.id, ...(item.movingWith ?? [])],
    names,
  );
  return { plan: plan!, nameOf };
}
