// Rooms and equipment in the slot engine and the booking check (issue 42, ADR 045): a time is
// offered, and booked, only with a resource the service can use that is there and free. Pure:
// the zone, the resources, their bookings and the buffers are all arguments.
import { meetsNeed, type ResourceNeed } from './resources';
import {
  availabilityAround,
  mergeIntervals,
  type MsInterval,
  type WeeklySegment,
} from './schedule';
import { MINUTE_MS } from './zoned-time';

/** A resource of the clinic as the engine needs it. */
export interface SlotResource {
  id: string;
  name: string;
  category: string;
  archived: boolean;
  /** Its own weekly hours in the clinic's zone; null: none of its own (there whenever the provider works). */
  weekly: readonly WeeklySegment[] | null;
  /** When it is out of use. */
  timeOff: readonly MsInterval[];
}

/** An appointment or a live hold that keeps a resource, with the buffers it keeps (ADR 044). */
export interface ResourceBooking {
  resourceId: string;
  start: number;
  end: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

/** A clinic's resources and what keeps them, around the times asked about. */
export interface ResourcePool {
  timezone: string;
  resources: readonly SlotResource[];
  bookings: readonly ResourceBooking[];
}

/** A visit asked of a resource: [start, end) within its hours, its blocked range free. */
export interface ResourceVisit {
  start: number;
  end: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

export const RESOURCE_REFUSALS = ['outside_hours', 'time_off', 'taken'] as const;
export type ResourceRefusal = (typeof RESOURCE_REFUSALS)[number];
export type ResourceCheck = { ok: true } | { ok: false; reason: ResourceRefusal };

// Code-unit order, as the slot engine's: the same on every server.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The active resources that answer the need, in the stable order they are given: name, then id. */
export function candidatesFor(pool: ResourcePool, need: ResourceNeed): SlotResource[] {
  return pool.resources
    .filter((resource) => meetsNeed(need, resource))
    .sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id));
}

/** A booking's blocked range, [start − before, end + after): what the constraint compares. */
export function blockedRangeOf(visit: ResourceVisit): MsInterval {
  return {
    start: visit.start - visit.bufferBeforeMinutes * MINUTE_MS,
    end: visit.end + visit.bufferAfterMinutes * MINUTE_MS,
  };
}

/**
 * A resource's hours around [fromMs, toMs], merged (DST-correct: each day's wall clock in the
 * clinic's zone); null when it has no hours of its own.
 */
export function resourceHours(
  resource: Pick<SlotResource, 'weekly'>,
  timezone: string,
  fromMs: number,
  toMs: number,
): MsInterval[] | null {
  if (resource.weekly === null) return null;
  return availabilityAround(
    { timezone, weekly: [...resource.weekly], overrides: [] },
    fromMs,
    toMs,
  );
}

/** Subtracts sorted, disjoint `cuts` from sorted, disjoint `from`. */
function subtract(from: readonly MsInterval[], cuts: readonly MsInterval[]): MsInterval[] {
  const out: MsInterval[] = [];
  let c = 0;
  for (const interval of from) {
    let start = interval.start;
    while (c < cuts.length && cuts[c]!.end <= start) c++;
    let k = c;
    while (k < cuts.length && cuts[k]!.start < interval.end) {
      if (cuts[k]!.start > start) out.push({ start, end: cuts[k]!.start });
      start = Math.max(start, cuts[k]!.end);
      k++;
    }
    if (interval.end > start) out.push({ start, end: interval.end });
  }
  return out;
}

/**
 * A resource's free time within [fromMs, toMs): its hours (or the whole stretch when it has
 * none of its own), minus its time off, minus the blocked ranges of its bookings. What the
 * resource view shows; the slot engine asks `checkResource` per time, which also keeps the new
 * visit's own buffers clear.
 */
export function resourceFreeIntervals(
  resource: SlotResource,
  pool: Pick<ResourcePool, 'timezone' | 'bookings'>,
  fromMs: number,
  toMs: number,
): MsInterval[] {
  if (!(toMs > fromMs)) return [];
  const hours = resourceHours(resource, pool.timezone, fromMs, toMs) ?? [
    { start: fromMs, end: toMs },
  ];
  const clipped = hours
    .map((h) => ({ start: Math.max(h.start, fromMs), end: Math.min(h.end, toMs) }))
    .filter((h) => h.end > h.start);
  const cuts = mergeIntervals([
    ...resource.timeOff.map((o) => ({ ...o })),
    ...pool.bookings.filter((b) => b.resourceId === resource.id).map(blockedRangeOf),
  ]);
  return subtract(clipped, cuts);
}

/** One resource prepared for many checks: its hours, time off and busy ranges, merged once. */
interface PreparedResource {
  resource: SlotResource;
  hours: MsInterval[] | null;
  timeOff: MsInterval[];
  busy: MsInterval[];
}

function prepare(
  resource: SlotResource,
  pool: ResourcePool,
  fromMs: number,
  toMs: number,
): PreparedResource {
  return {
    resource,
    hours: resourceHours(resource, pool.timezone, fromMs, toMs),
    timeOff: mergeIntervals(resource.timeOff.map((o) => ({ ...o }))),
    busy: mergeIntervals(
      pool.bookings.filter((b) => b.resourceId === resource.id).map(blockedRangeOf),
    ),
  };
}

/** The first interval of a sorted, disjoint list that ends after `at` (binary search). */
function firstEndingAfter(list: readonly MsInterval[], at: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.end <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function meets(list: readonly MsInterval[], start: number, end: number): boolean {
  const i = firstEndingAfter(list, start);
  return i < list.length && list[i]!.start < end;
}

function within(list: readonly MsInterval[], start: number, end: number): boolean {
  const i = firstEndingAfter(list, start);
  return i < list.length && list[i]!.start <= start && end <= list[i]!.end;
}

function checkPrepared(p: PreparedResource, visit: ResourceVisit): ResourceCheck {
  if (p.hours && !within(p.hours, visit.start, visit.end))
    return { ok: false, reason: 'outside_hours' };
  if (meets(p.timeOff, visit.start, visit.end)) return { ok: false, reason: 'time_off' };
  const blocked = blockedRangeOf(visit);
  if (meets(p.busy, blocked.start, blocked.end)) return { ok: false, reason: 'taken' };
  return { ok: true };
}

/**
 * The booking check of one resource for one visit, by the slot engine's rules: the visit within
 * its hours and outside its time off, and its blocked range meeting no blocked range of the
 * resource's bookings (buffers never overlap each other: the constraint's rule, ADR 044).
 */
export function checkResource(
  pool: ResourcePool,
  resource: SlotResource,
  visit: ResourceVisit,
): ResourceCheck {
  const blocked = blockedRangeOf(visit);
  return checkPrepared(prepare(resource, pool, blocked.start, blocked.end), visit);
}

/** The resources that answer the need and are free for the visit, first to try first. */
export function freeResourcesFor(
  pool: ResourcePool,
  need: ResourceNeed,
  visit: ResourceVisit,
): SlotResource[] {
  return candidatesFor(pool, need).filter((r) => checkResource(pool, r, visit).ok);
}

/** A slot as the engine offers it, with the resource it would get. */
export interface ResourcedSlot {
  startTime: string;
  endTime: string;
  agentId: string;
  resourceId?: string | null;
}

/**
 * The slot engine's slots (free for their provider) given the resource each would get: the first
 * free one that answers the need, in the stable order (name, then id). Slots without one are
 * answered apart (`withoutResource`), for the picker to say why they are not offered. `only`
 * limits the resources to one (the picker's choice of a room). A need of none leaves the slots
 * as they are.
 */
export function assignSlotResources<S extends ResourcedSlot>(
  slots: readonly S[],
  pool: ResourcePool,
  need: ResourceNeed,
  buffers: { bufferBeforeMinutes: number; bufferAfterMinutes: number },
  only?: string,
): {
  slots: Array<S & { resourceId?: string | null }>;
  withoutResource: Array<{ startTime: string; agentId: string }>;
} {
  if (need.kind === 'none') return { slots: [...slots], withoutResource: [] };
  const candidates = candidatesFor(pool, need).filter((r) => !only || r.id === only);
  let from = Infinity;
  let to = -Infinity;
  for (const slot of slots) {
    from = Math.min(from, Date.parse(slot.startTime) - buffers.bufferBeforeMinutes * MINUTE_MS);
    to = Math.max(to, Date.parse(slot.endTime) + buffers.bufferAfterMinutes * MINUTE_MS);
  }
  const prepared = slots.length > 0 ? candidates.map((r) => prepare(r, pool, from, to)) : [];
  const offered: Array<S & { resourceId: string }> = [];
  const withoutResource: Array<{ startTime: string; agentId: string }> = [];
  for (const slot of slots) {
    const visit = {
      start: Date.parse(slot.startTime),
      end: Date.parse(slot.endTime),
      ...buffers,
    };
    const free = prepared.find((p) => checkPrepared(p, visit).ok);
    if (free) offered.push({ ...slot, resourceId: free.resource.id });
    else withoutResource.push({ startTime: slot.startTime, agentId: slot.agentId });
  }
  return { slots: offered, withoutResource };
}
