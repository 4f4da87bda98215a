// The slots of a service that needs a room or machine (ADR 045): the provider's free times
// intersected with a free resource the service can use, each given the one a booking would get.
import { assignSlotResources, candidatesFor } from '@domain/resource-slots';
import type { TimeSlot } from '@domain/slots';
import type { AppDeps } from '../../app-deps';
import { ReuseCache, type versionsKey } from '../../core/reuse';
import { notFound } from '../../errors';
import { loadResourcePool, type LoadedPool } from '../../db/resource-pool';
import { bufferSettingsOf, type BookingService } from '../services';

const poolReuse = new ReuseCache<LoadedPool>(200);

/**
 * The slots with their resources, the times free for the provider but for no resource, and
 * until when the answer stands (the first live hold of a resource expiring). The clinic's
 * resources are read in one statement, reused while the clinic's data version stands (ADR 025:
 * resources, their time off, appointments and holds all move it) and no hold it counts expired.
 */
export async function slotsWithResources(
  deps: AppDeps,
  input: {
    clinic: { id: string; timezone: string };
    service: BookingService;
    slots: readonly TimeSlot[];
    window: { from: Date; to: Date; now: Date };
    versions: ReturnType<typeof versionsKey>;
    only?: string;
    excludeAppointmentId?: string;
  },
): Promise<{
  slots: TimeSlot[];
  withoutResource?: Array<{ startTime: string; agentId: string }>;
  stableUntil: number;
}> {
  const { service, window } = input;
  if (service.need.kind === 'none') return { slots: [...input.slots], stableUntil: Infinity };
  const load = () =>
    loadResourcePool(deps.db.db, input.clinic.timezone, {
      clinicId: input.clinic.id,
      from: window.from,
      to: window.to,
      now: window.now,
      excludeAppointmentIds: input.excludeAppointmentId ? [input.excludeAppointmentId] : [],
    });
  const key =
    !input.excludeAppointmentId &&
    input.versions &&
    `${input.clinic.id}|${window.from.getTime()}|${window.to.getTime()}|${input.versions.join(';')}`;
  const pool = await poolReuse.get(
    deps.db.db,
    key || null,
    window.now,
    load,
    (p) => p.holdsExpireAt,
  );
  if (input.only && !candidatesFor(pool, service.need).some((r) => r.id === input.only)) {
    throw notFound(`That room or equipment is not one ${service.name} can use at this clinic.`);
  }
  const assigned = assignSlotResources(
    input.slots,
    pool,
    service.need,
    bufferSettingsOf(service),
    input.only,
  );
  return { ...assigned, stableUntil: pool.holdsExpireAt };
}
