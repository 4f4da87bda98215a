// The hooks through which the appointments and availability modules report freed time (ADR 019):
// called inside their transactions, they record it as openings and offer it.
import { availabilityIntervals, type Schedule } from '@domain/schedule';
import { freedTime, gainedIntervals, type AppointmentTimes } from '@domain/waitlist';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { openAndOffer } from './offers';
import * as openingsRepo from './openings.repository';

/**
 * The hook of the appointments module (ADR 019): inside the change's transaction, records the
 * time the change freed and offers it to the waiting patients it suits.
 */
export async function offerFreedTime(
  tx: Executor,
  deps: Pick<AppDeps, 'config'>,
  now: Date,
  change: {
    appointmentId: string;
    before: AppointmentTimes & { clinicId: string };
    after: Partial<AppointmentTimes>;
  },
): Promise<void> {
  for (const freed of freedTime(change.before, change.after)) {
    if (freed.slot.end.getTime() <= now.getTime()) continue;
    await openAndOffer(tx, deps, now, {
      clinicId: change.before.clinicId,
      agentId: freed.agentId,
      slot: freed.slot,
      source: freed.source,
      sourceAppointmentId: change.appointmentId,
    });
  }
}

/** How far ahead an agent's new hours are offered: the weeks a waiting patient plans in. */
export const EXTRA_HOURS_DAYS = 28;
/** Enough for a month of new hours; a schedule saved with more is offered its first ones. */
const MAX_EXTRA_OPENINGS = 60;

/**
 * The hook of the availability module: inside the save's transaction, the hours an agent has
 * now and did not have before, over the next weeks, are offered in each of their clinics.
 */
export async function offerExtraHours(
  tx: Executor,
  deps: Pick<AppDeps, 'config'>,
  now: Date,
  change: { agentId: string; before: Schedule; after: Schedule },
): Promise<void> {
  const until = new Date(now.getTime() + EXTRA_HOURS_DAYS * 24 * 60 * 60_000);
  const gained = gainedIntervals(
    availabilityIntervals(change.before, now, until),
    availabilityIntervals(change.after, now, until),
  ).slice(0, MAX_EXTRA_OPENINGS);
  if (gained.length === 0) return;
  for (const clinicId of await openingsRepo.clinicIdsOfMember(tx, change.agentId)) {
    for (const slot of gained) {
      await openAndOffer(tx, deps, now, {
        clinicId,
        agentId: change.agentId,
        slot,
        source: 'hours',
        sourceAppointmentId: null,
      });
    }
  }
}
