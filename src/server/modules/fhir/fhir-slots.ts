import type { Slot } from '@medplum/fhirtypes';
import { DEFAULT_DURATION_MINUTES } from '@domain/constants';
import type { ClinicSummary } from '@contracts/auth';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { checkBookable, slotSettings } from '../availability';
import { clinicSlots, findBookableAgent } from '../clinics';
import { pageOf } from './bundle';
import { toSlot } from './directory-resources';
import { parseAgentAtClinicId, parseSlotId, serviceTag, slotId, type SlotKey } from './fhir-ids';
import { invalid, resourceNotFound } from './outcome';
import { alternatives, intersectAll, referenceIds, type SearchRequest } from './search-request';
import { inRange } from './search-dates';
import {
  bufferSettingsOf,
  listBookingServices,
  requireBookingService,
  type BookingService,
} from '../services';
import { serviceTypeIds } from './fhir-services';

const DAY_MS = 86_400_000;
/** Without an end, a search covers a week; no search covers more than a month. */
const DEFAULT_RANGE_DAYS = 7;
const MAX_RANGE_DAYS = 31;
const SLOT_STATUSES = ['free', 'busy', 'busy-unavailable', 'busy-tentative', 'entered-in-error'];

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The free slots of a clinic's agents (or of the given ones) starting in [from, before), from
 * the same engine, rules and bookings as the app's slot picker, read in whole UTC days.
 */
async function freeSlotsAt(
  deps: AppDeps,
  ctx: RequestContext,
  clinic: ClinicSummary,
  range: { from: Date; before: Date },
  agentIds: readonly string[] | undefined,
  service: BookingService,
): Promise<SlotKey[]> {
  const { slots } = await clinicSlots(deps, ctx, clinic.slug, {
    from: utcDay(range.from),
    to: utcDay(new Date(range.before.getTime() - 1)),
    // The default service's slots are 30 minutes long, as before services; another service's
    // are each agent's first length of it, with its buffers, from those who offer it (ADR 044).
    ...(service.isDefault ? { duration: DEFAULT_DURATION_MINUTES } : { serviceId: service.id }),
    timezone: 'UTC',
    // One agent is asked for by id, so only their schedule and bookings are read.
    ...(agentIds?.length === 1 ? { agentId: agentIds[0] } : {}),
  });
  return slots
    .filter((s) => !agentIds || agentIds.includes(s.agentId))
    .map((s) => ({
      agentId: s.agentId,
      clinicId: clinic.id,
      start: new Date(s.startTime),
      durationMinutes: s.durationMinutes,
      ...(service.isDefault ? {} : { serviceId: service.id }),
    }))
    .filter((key) => key.start >= range.from && key.start < range.before);
}

type SlotCursor = [string, string];
const isSlotCursor = (v: unknown): v is SlotCursor =>
  Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string');

export async function searchSlots(deps: AppDeps, ctx: RequestContext, request: SearchRequest) {
  const statuses = intersectAll(request.all('status').map(alternatives));
  for (const status of statuses ?? []) {
    if (!SLOT_STATUSES.includes(status))
      throw invalid(`status ${status} is not a Slot status.`, 'status');
  }
  const range = request.dates('start');
  const { from = deps.now(), before: until } = range;
  const before = until ?? new Date(from.getTime() + DEFAULT_RANGE_DAYS * DAY_MS);
  if (before.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw invalid(`Ask for at most ${MAX_RANGE_DAYS} days of slots at a time.`, 'start');
  }
  // Which agents at which clinics: the schedules named (each repetition narrows), else all.
  const named = intersectAll(referenceIds(request, 'schedule', ['Schedule']));
  const ids = intersectAll(request.all('_id').map(alternatives));
  const wanted = new Map<ClinicSummary, string[] | undefined>();
  if (named) {
    for (const key of named.map(parseAgentAtClinicId)) {
      const clinic = key && ctx.user.clinics.find((c) => c.id === key.clinicId);
      if (!key || !clinic) continue;
      wanted.set(clinic, [...(wanted.get(clinic) ?? []), key.agentId]);
    }
  } else {
    for (const clinic of ctx.user.clinics) wanted.set(clinic, undefined);
  }
  const freeAsked = !statuses || statuses.includes('free');
  // Which services: those service-type names (each clinic's own), else the default's slots.
  const serviceIds = serviceTypeIds(request);
  const searches: Array<[ClinicSummary, string[] | undefined, BookingService]> = [];
  if (before > from && freeAsked) {
    for (const [clinic, agents] of wanted) {
      const offered = await listBookingServices(deps.db.db, clinic.id);
      const services = serviceIds
        ? offered.filter((service) => serviceIds.includes(service.id))
        : offered.filter((service) => service.isDefault);
      for (const service of services) searches.push([clinic, agents, service]);
    }
  }
  const lists = await Promise.all(
    searches.map(([clinic, agents, service]) =>
      freeSlotsAt(deps, ctx, clinic, { from, before }, agents, service),
    ),
  );
  const after = request.cursor(isSlotCursor);
  const all = lists
    .flat()
    .map((key) => ({ key, id: slotId(key), start: key.start.toISOString() }))
    .filter((s) => !ids || ids.includes(s.id))
    .filter((s) => inRange(range, s.key.start));
  const keyed = all
    .filter((s) => !after || s.start > after[0] || (s.start === after[0] && s.id > after[1]))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : 1));
  const size = request.pageSize();
  const page = {
    ...pageOf(keyed.slice(0, size + 1), size, (s): SlotCursor => [s.start, s.id]),
    ...(request.wantsTotal() ? { total: all.length } : {}),
  };
  const names = new Map(searches.map(([, , service]) => [service.id, service]));
  const defaults = new Map(
    searches.filter(([, , v]) => v.isDefault).map(([clinic, , v]) => [clinic.id, v]),
  );
  return {
    items: page.items.map((s) =>
      toSlot(s.key, 'free', names.get(s.key.serviceId ?? '') ?? defaults.get(s.key.clinicId)!),
    ),
    next: page.next,
    total: page.total,
  };
}

/** The clinic's offered service a slot id's tag names (serviceTag), if any. */
export async function serviceOfSlot(
  deps: AppDeps,
  clinicId: string,
  tag: string,
): Promise<BookingService | undefined> {
  const matching = (await listBookingServices(deps.db.db, clinicId)).filter(
    (service) => !service.isDefault && serviceTag(service.id) === tag,
  );
  return matching.length === 1 ? matching[0] : undefined;
}

/**
 * One slot by its id: free while the engine still offers it; busy once booked; busy-unavailable
 * when too soon or too far ahead to book. A time outside the agent's hours was never a slot.
 */
export async function readSlot(deps: AppDeps, ctx: RequestContext, id: string): Promise<Slot> {
  const parsed = parseSlotId(id);
  const clinic = parsed && ctx.user.clinics.find((c) => c.id === parsed.clinicId);
  const agent =
    parsed && clinic ? await findBookableAgent(deps.db.db, clinic.id, parsed.agentId) : null;
  if (!parsed || !clinic || !agent) throw resourceNotFound('Slot', id);
  // The slot's service: the one its id names (still offered), else the clinic's default.
  const service = parsed.serviceTag
    ? await serviceOfSlot(deps, clinic.id, parsed.serviceTag)
    : await requireBookingService(deps.db.db, clinic.id, null);
  if (!service) throw resourceNotFound('Slot', id);
  const { serviceTag: _tag, ...rest } = parsed;
  const key: SlotKey = { ...rest, ...(service.isDefault ? {} : { serviceId: service.id }) };
  const check = await checkBookable(deps.db.db, {
    agent,
    start: key.start,
    durationMinutes: key.durationMinutes,
    now: deps.now(),
    settings: slotSettings(deps.config, bufferSettingsOf(service), clinic.id),
  });
  if (check.ok) {
    const offered = await freeSlotsAt(
      deps,
      ctx,
      clinic,
      { from: key.start, before: new Date(key.start.getTime() + 60_000) },
      [key.agentId],
      service,
    );
    if (!offered.some((o) => o.durationMinutes === key.durationMinutes)) {
      throw resourceNotFound('Slot', id);
    }
    return toSlot(key, 'free', service);
  }
  switch (check.reason) {
    case 'taken':
    case 'outside_busy':
      return toSlot(key, 'busy', service);
    case 'too_soon':
    case 'beyond_horizon':
      return toSlot(key, 'busy-unavailable', service);
    case 'outside_availability':
      throw resourceNotFound('Slot', id);
  }
}
