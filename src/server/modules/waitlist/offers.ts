// The offer engine: freed time becomes an opening, and an opening's offers go out to the waiting
// patients it suits, as many at once as the clinic allows.
import { localDateKeyOf } from '@domain/zoned-time';
import { DEFAULT_OPENING_STEP_MINUTES, matchOpening, offerExpiry } from '@domain/waitlist';
import { freeResourcesFor } from '@domain/resource-slots';
import { resourceNeedOf } from '@domain/resources';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { newSessionToken } from '../../security/session-token';
import { auditEntry } from './entry-audit';
import { addHistory } from './entry-history';
import { OFFER_KIND, queueNotifications } from '../notifications';
import { loadResourcePool } from '../../db/resource-pool';
import * as offersRepo from './offers.repository';
import * as openingsRepo from './openings.repository';

export { OFFER_KIND };

/** Records freed time as an opening and offers it, unless nobody waits at the clinic. */
export async function openAndOffer(
  tx: Executor,
  deps: Pick<AppDeps, 'config'>,
  now: Date,
  o: openingsRepo.NewOpening,
): Promise<void> {
  // Only where someone could take it: skip the row when nobody waits at this clinic.
  if (!(await openingsRepo.anyoneWaiting(tx, o.clinicId))) return;
  const openingId = await openingsRepo.insertOpening(tx, { ...o, createdAt: now });
  await fillOpening(tx, deps, now, openingId);
}

/**
 * Sends offers of an opening until the clinic's number of open offers is reached, to the
 * suited entries not yet offered it, urgent first then oldest. An entry holding another open
 * offer waits its turn. With nobody left and nothing open, the opening closes.
 */
export async function fillOpening(
  tx: Executor,
  deps: Pick<AppDeps, 'config'>,
  now: Date,
  openingId: string,
): Promise<number> {
  // One pass-on at a time per opening: the row lock queues a decline behind an expiry.
  const opening = await openingsRepo.lockOpening(tx, openingId);
  if (!opening || opening.status !== 'open') return 0;

  const open = await openingsRepo.countOpenOffers(tx, openingId);
  const room = opening.offersAtOnce - open;
  if (room <= 0) return 0;

  const today = localDateKeyOf(now, opening.timezone);
  const wishes = await offersRepo.findCandidates(tx, {
    openingId,
    clinicId: opening.clinicId,
    agentId: opening.agentId,
    today,
  });
  // An offer's visit keeps its service's buffers clear of the agent's other bookings, as the
  // constraint will when it is accepted: a time inside a neighbour's buffer is not offered.
  const busy = wishes.length
    ? await offersRepo.agentBusyNear(tx, {
        agentId: opening.agentId,
        start: opening.start,
        end: opening.end,
        now,
      })
    : [];
  // A wish whose service needs a room or machine is offered only a time one of them is free:
  // accepting would otherwise be refused (ADR 045).
  const needs = new Map(wishes.map((w) => [w.id, resourceNeedOf(w)]));
  const pool = [...needs.values()].some((need) => need.kind !== 'none')
    ? await loadResourcePool(tx, opening.timezone, {
        clinicId: opening.clinicId,
        from: opening.start,
        to: opening.end,
        now,
      })
    : null;
  const matches = matchOpening(
    { agentId: opening.agentId, start: opening.start, end: opening.end, busy },
    wishes,
    {
      fits: (wish, slot) => {
        const need = needs.get(wish.id)!;
        return (
          need.kind === 'none' ||
          freeResourcesFor(pool!, need, {
            start: slot.start.getTime(),
            end: slot.end.getTime(),
            bufferBeforeMinutes: wish.bufferBeforeMinutes,
            bufferAfterMinutes: wish.bufferAfterMinutes,
          }).length > 0
        );
      },
      timeZone: opening.timezone,
      now,
      stepMinutes: deps.config.SLOT_STEP_MINUTES ?? DEFAULT_OPENING_STEP_MINUTES,
      minNoticeMinutes: deps.config.SLOT_MIN_NOTICE_MINUTES,
    },
  ).filter((m) => m.slot.start.getTime() > now.getTime());

  const chosen = matches.slice(0, room);
  let offered = 0;
  for (const { wish, slot } of chosen) {
    const token = newSessionToken();
    const expiresAt = offerExpiry(now, opening.holdMinutes, slot.start);
    // An entry offered another freed time by a concurrent change holds that offer: the unique
    // indexes decide, and this one skips it rather than fail the change that freed the time.
    const inserted = await offersRepo.insertOffer(tx, {
      openingId,
      entryId: wish.id,
      token,
      slot,
      expiresAt,
      createdAt: now,
    });
    if (!inserted) continue;
    offered++;
    await addHistory(tx, wish.id, now, 'OFFERED', slot.start.toISOString());
    await queueNotifications(
      tx,
      [
        {
          kind: OFFER_KIND,
          clinicId: opening.clinicId,
          recipients: [{ email: wish.patientEmail, name: wish.patientName, role: 'patient' }],
          payload: {
            token,
            clinic: { name: opening.clinicName, timezone: opening.timezone },
            start: slot.start.toISOString(),
            durationMinutes: wish.durationMinutes,
            expiresAt: expiresAt.toISOString(),
            staff: { name: opening.agentName },
            patient: { name: wish.patientName },
          },
        },
      ],
      now,
    );
    await auditEntry(tx, {
      action: 'offer',
      entryId: wish.id,
      patientId: wish.patientId,
      at: now,
      details: { start: slot.start.toISOString(), expiresAt: expiresAt.toISOString() },
    });
  }
  if (offered === 0 && open === 0) {
    await openingsRepo.closeOpening(tx, openingId);
  }
  return offered;
}
