import { availabilityIntervals, type Schedule } from '@domain/schedule';
import { waitlistWebhookEventOf, type WebhookEvent } from '@domain/webhook-events';
import { localDateKeyOf } from '@domain/zoned-time';
import {
  DEFAULT_OPENING_STEP_MINUTES,
  freedTime,
  gainedIntervals,
  matchOpening,
  offerExpiry,
  type AppointmentTimes,
  type Slot,
} from '@domain/waitlist';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { retryOnDeadlock } from '../../db/errors';
import { newSessionToken } from '../../security/session-token';
import { auditEntry } from './entry-audit';
import { OFFER_KIND, queueNotifications } from '../notifications';
import { queueWebhookEvent } from '../webhooks';
import * as offersRepo from './offers.repository';
import * as repo from './waitlist.repository';

export { OFFER_KIND };
/** The name the history gives changes nobody made by hand: offers, expiries, pass-ons. */
export const WAITLIST_ACTOR = 'Waitlist';

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
      providerId: freed.providerId,
      slot: freed.slot,
      source: freed.source,
      sourceAppointmentId: change.appointmentId,
    });
  }
}

/** How far ahead a provider's new hours are offered: the weeks a waiting patient plans in. */
export const EXTRA_HOURS_DAYS = 28;
/** Enough for a month of new hours; a schedule saved with more is offered its first ones. */
const MAX_EXTRA_OPENINGS = 60;

/**
 * The hook of the availability module: inside the save's transaction, the hours a provider has
 * now and did not have before, over the next weeks, are offered in each of their clinics.
 */
export async function offerExtraHours(
  tx: Executor,
  deps: Pick<AppDeps, 'config'>,
  now: Date,
  change: { providerId: string; before: Schedule; after: Schedule },
): Promise<void> {
  const until = new Date(now.getTime() + EXTRA_HOURS_DAYS * 24 * 60 * 60_000);
  const gained = gainedIntervals(
    availabilityIntervals(change.before, now, until),
    availabilityIntervals(change.after, now, until),
  ).slice(0, MAX_EXTRA_OPENINGS);
  if (gained.length === 0) return;
  for (const clinicId of await offersRepo.clinicIdsOfMember(tx, change.providerId)) {
    for (const slot of gained) {
      await openAndOffer(tx, deps, now, {
        clinicId,
        providerId: change.providerId,
        slot,
        source: 'hours',
        sourceAppointmentId: null,
      });
    }
  }
}

async function openAndOffer(
  tx: Executor,
  deps: Pick<AppDeps, 'config'>,
  now: Date,
  o: {
    clinicId: string;
    providerId: string;
    slot: Slot;
    source: 'cancelled' | 'rescheduled' | 'hours';
    sourceAppointmentId: string | null;
  },
): Promise<void> {
  // Only where someone could take it: skip the row when nobody waits at this clinic.
  if (!(await offersRepo.anyoneWaiting(tx, o.clinicId))) return;
  const openingId = await offersRepo.insertOpening(tx, { ...o, createdAt: now });
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
  const opening = await offersRepo.lockOpening(tx, openingId);
  if (!opening || opening.status !== 'open') return 0;

  const open = await offersRepo.countOpenOffers(tx, openingId);
  const room = opening.offersAtOnce - open;
  if (room <= 0) return 0;

  const today = localDateKeyOf(now, opening.timezone);
  const wishes = await offersRepo.findCandidates(tx, {
    openingId,
    clinicId: opening.clinicId,
    providerId: opening.providerId,
    today,
  });
  const matches = matchOpening(
    { providerId: opening.providerId, start: opening.start, end: opening.end },
    wishes,
    {
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
          recipients: [{ email: wish.patientEmail, name: wish.patientName, role: 'patient' }],
          payload: {
            token,
            clinic: { name: opening.clinicName, timezone: opening.timezone },
            start: slot.start.toISOString(),
            durationMinutes: wish.durationMinutes,
            expiresAt: expiresAt.toISOString(),
            staff: { name: opening.providerName },
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
    await offersRepo.closeOpening(tx, openingId);
  }
  return offered;
}

export async function addHistory(
  tx: Executor,
  entryId: string,
  at: Date,
  type: string,
  detail: string | null,
  by: { userId: string | null; name: string } = { userId: null, name: WAITLIST_ACTOR },
): Promise<void> {
  await repo.insertEvent(tx, { entryId, type, at, detail, byUserId: by.userId, byName: by.name });
  // An offer made or answered is told to the systems that asked (issue 25), in this transaction.
  const event = waitlistWebhookEventOf(type);
  if (event) await queueWaitlistWebhook(tx, entryId, event, detail, at);
}

/** One waitlist event for the endpoints of the entry's clinic that asked for it. */
export async function queueWaitlistWebhook(
  tx: Executor,
  entryId: string,
  event: WebhookEvent,
  offeredStart: string | null,
  at: Date,
): Promise<void> {
  const entry = await repo.entryFacts(tx, entryId);
  if (!entry) return;
  await queueWebhookEvent(
    tx,
    {
      clinicId: entry.clinicId,
      event,
      // Ids and the offered time only: no names, notes or contact details leave by this path.
      data: {
        entryId,
        clinicId: entry.clinicId,
        patientId: entry.patientId,
        providerId: entry.providerId,
        priority: entry.priority,
        entryStatus: entry.status,
        offeredStart,
        appointmentId: entry.appointmentId,
      },
      appointmentId: null,
    },
    at,
  );
}

/**
 * Lapses the open offers whose hold has passed and passes each opening on to the next waiting
 * patient. Returns how many offers lapsed.
 */
export async function expireDueOffers(deps: AppDeps): Promise<number> {
  const now = deps.now();
  return retryOnDeadlock(() =>
    deps.db.db.transaction(async (tx) => {
      const due = await offersRepo.lapseDueOffers(tx, now);
      for (const offer of due) {
        await addHistory(tx, offer.entryId, now, 'EXPIRED', offer.start.toISOString());
        const patientId = await repo.patientOfEntry(tx, offer.entryId);
        await auditEntry(tx, { action: 'expire', entryId: offer.entryId, patientId, at: now });
      }
      for (const openingId of new Set(due.map((o) => o.openingId))) {
        await fillOpening(tx, deps, now, openingId);
      }
      return due.length;
    }),
  );
}

export interface WaitlistSweep {
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Beside the outbox worker: lapses offers whose hold has passed, every poll interval. */
export function createWaitlistSweep(
  deps: AppDeps,
  options: { logger: { warn(obj: unknown, msg: string): void }; intervalMs?: number },
): WaitlistSweep {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;
  const interval = options.intervalMs ?? deps.config.OUTBOX_POLL_MS;
  const tick = () => {
    if (stopped) return;
    running = expireDueOffers(deps)
      .catch((err: unknown) => {
        options.logger.warn({ err }, 'waitlist sweep failed; will retry');
        return 0;
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, interval);
      });
  };
  timer = setTimeout(tick, interval);
  return {
    runOnce: () => expireDueOffers(deps),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The hook of every booking (ADR 019): a patient booked, by staff or by accepting an offer, into
 * a time their waiting entry wishes for leaves the list. Their other open offers are withdrawn
 * and pass on to the next in line.
 */
export async function bookedForWaitlist(
  tx: Executor,
  deps: Pick<AppDeps, 'config'>,
  booking: {
    clinicId: string;
    patientId: string;
    providerId: string;
    appointmentId: string;
    start: Date;
    now: Date;
    by: { userId: string | null; name: string };
  },
): Promise<void> {
  const booked = await repo.markWaitingEntriesBooked(tx, booking);
  for (const entry of booked) {
    await addHistory(tx, entry.id, booking.now, 'BOOKED', booking.start.toISOString(), booking.by);
    const withdrawn = await offersRepo.withdrawOpenOffers(tx, entry.id, booking.now);
    for (const offer of withdrawn) await fillOpening(tx, deps, booking.now, offer.openingId);
  }
}
