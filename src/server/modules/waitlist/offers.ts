import { and, eq, lte, sql } from 'drizzle-orm';
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
  type TimeOfDay,
  type WaitlistPriority,
  type WaitlistWish,
} from '@domain/waitlist';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { retryOnDeadlock } from '../../db/errors';
import * as t from '../../db/schema';
import { newSessionToken } from '../../security/session-token';
import { auditEntry } from './entry-audit';
import { OFFER_KIND, queueNotifications } from '../notifications';
import { queueWebhookEvent } from '../webhooks';

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
  const clinics = await tx
    .select({ clinicId: t.clinicMembers.clinicId })
    .from(t.clinicMembers)
    .where(eq(t.clinicMembers.userId, change.providerId));
  for (const { clinicId } of clinics) {
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
  const [waiting] = await tx
    .select({ id: t.waitlistEntries.id })
    .from(t.waitlistEntries)
    .where(and(eq(t.waitlistEntries.clinicId, o.clinicId), eq(t.waitlistEntries.status, 'waiting')))
    .limit(1);
  if (!waiting) return;
  const [opening] = await tx
    .insert(t.waitlistOpenings)
    .values({
      clinicId: o.clinicId,
      providerId: o.providerId,
      startAt: o.slot.start,
      endAt: o.slot.end,
      source: o.source,
      sourceAppointmentId: o.sourceAppointmentId,
      createdAt: now,
    })
    .returning({ id: t.waitlistOpenings.id });
  await fillOpening(tx, deps, now, opening!.id);
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
  const [opening] = await tx
    .select({
      id: t.waitlistOpenings.id,
      clinicId: t.waitlistOpenings.clinicId,
      providerId: t.waitlistOpenings.providerId,
      start: t.waitlistOpenings.startAt,
      end: t.waitlistOpenings.endAt,
      status: t.waitlistOpenings.status,
      clinicName: t.clinics.name,
      timezone: t.clinics.timezone,
      offersAtOnce: t.clinics.waitlistOffersAtOnce,
      holdMinutes: t.clinics.waitlistOfferHoldMinutes,
      providerName: t.users.name,
    })
    .from(t.waitlistOpenings)
    .innerJoin(t.clinics, eq(t.clinics.id, t.waitlistOpenings.clinicId))
    .innerJoin(t.users, eq(t.users.id, t.waitlistOpenings.providerId))
    .where(eq(t.waitlistOpenings.id, openingId))
    .for('update', { of: t.waitlistOpenings });
  if (!opening || opening.status !== 'open') return 0;

  const [{ open } = { open: 0 }] = await tx
    .select({ open: sql<number>`count(*)::int` })
    .from(t.waitlistOffers)
    .where(and(eq(t.waitlistOffers.openingId, openingId), eq(t.waitlistOffers.status, 'open')));
  const room = opening.offersAtOnce - open;
  if (room <= 0) return 0;

  const today = localDateKeyOf(now, opening.timezone);
  const candidates = await tx
    .select({
      id: t.waitlistEntries.id,
      providerId: t.waitlistEntries.providerId,
      durationMinutes: t.waitlistEntries.duration,
      windowFrom: t.waitlistEntries.windowFrom,
      windowTo: t.waitlistEntries.windowTo,
      weekdays: t.waitlistEntries.weekdays,
      timesOfDay: t.waitlistEntries.timesOfDay,
      priority: t.waitlistEntries.priority,
      createdAt: t.waitlistEntries.createdAt,
      patientId: t.patients.id,
      patientName: sql<string>`btrim(${t.patients.firstName} || ' ' || ${t.patients.lastName})`,
      patientEmail: t.patients.email,
    })
    .from(t.waitlistEntries)
    .innerJoin(t.patients, eq(t.patients.id, t.waitlistEntries.patientId))
    .where(
      and(
        eq(t.waitlistEntries.clinicId, opening.clinicId),
        eq(t.waitlistEntries.status, 'waiting'),
        sql`${t.waitlistEntries.windowTo} >= ${today}::date`,
        sql`(${t.waitlistEntries.providerId} is null or ${t.waitlistEntries.providerId} = ${opening.providerId})`,
        sql`not exists (select 1 from ${t.waitlistOffers} o where o.entry_id = ${t.waitlistEntries.id}
              and (o.status = 'open' or o.opening_id = ${openingId}))`,
      ),
    );
  const wishes: Array<WaitlistWish & (typeof candidates)[number]> = candidates.map((c) => ({
    ...c,
    timesOfDay: c.timesOfDay as TimeOfDay[],
    priority: c.priority as WaitlistPriority,
  }));
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
    const inserted = await tx
      .insert(t.waitlistOffers)
      .values({
        openingId,
        entryId: wish.id,
        token,
        startAt: slot.start,
        endAt: slot.end,
        expiresAt,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: t.waitlistOffers.id });
    if (inserted.length === 0) continue;
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
    await tx
      .update(t.waitlistOpenings)
      .set({ status: 'closed' })
      .where(eq(t.waitlistOpenings.id, openingId));
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
  await tx
    .insert(t.waitlistEvents)
    .values({ entryId, type, at, detail, byUserId: by.userId, byName: by.name });
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
  const [entry] = await tx
    .select({
      clinicId: t.waitlistEntries.clinicId,
      patientId: t.waitlistEntries.patientId,
      providerId: t.waitlistEntries.providerId,
      priority: t.waitlistEntries.priority,
      status: t.waitlistEntries.status,
      appointmentId: t.waitlistEntries.appointmentId,
    })
    .from(t.waitlistEntries)
    .where(eq(t.waitlistEntries.id, entryId));
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
      const due = await tx
        .update(t.waitlistOffers)
        .set({ status: 'expired', respondedAt: now })
        .where(and(eq(t.waitlistOffers.status, 'open'), lte(t.waitlistOffers.expiresAt, now)))
        .returning({
          entryId: t.waitlistOffers.entryId,
          openingId: t.waitlistOffers.openingId,
          start: t.waitlistOffers.startAt,
        });
      for (const offer of due) {
        await addHistory(tx, offer.entryId, now, 'EXPIRED', offer.start.toISOString());
        const patientId = await patientOf(tx, offer.entryId);
        await auditEntry(tx, { action: 'expire', entryId: offer.entryId, patientId, at: now });
      }
      for (const openingId of new Set(due.map((o) => o.openingId))) {
        await fillOpening(tx, deps, now, openingId);
      }
      return due.length;
    }),
  );
}

async function patientOf(tx: Executor, entryId: string): Promise<string> {
  const [row] = await tx
    .select({ patientId: t.waitlistEntries.patientId })
    .from(t.waitlistEntries)
    .where(eq(t.waitlistEntries.id, entryId));
  return row!.patientId;
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
  // Prepared: every booking asks it, and almost always nobody is waiting.
  const ph = sql.placeholder;
  const booked = await prepared(tx, 'waitlist_booked', (name) =>
    tx
      .update(t.waitlistEntries)
      .set({
        status: 'booked',
        appointmentId: sql`${ph('appointmentId')}::uuid`,
        updatedAt: sql`${ph('now')}::timestamptz`,
      })
      .where(
        and(
          eq(t.waitlistEntries.clinicId, ph('clinicId')),
          eq(t.waitlistEntries.patientId, ph('patientId')),
          eq(t.waitlistEntries.status, 'waiting'),
          sql`(${t.waitlistEntries.providerId} is null or ${t.waitlistEntries.providerId} = ${ph('providerId')}::uuid)`,
          sql`(${ph('start')}::timestamptz at time zone (select c.timezone from ${t.clinics} c where c.id = ${ph('clinicId')}::uuid))::date
                between ${t.waitlistEntries.windowFrom} and ${t.waitlistEntries.windowTo}`,
        ),
      )
      .returning({ id: t.waitlistEntries.id })
      .prepare(name),
  ).execute({
    appointmentId: booking.appointmentId,
    now: booking.now.toISOString(),
    clinicId: booking.clinicId,
    patientId: booking.patientId,
    providerId: booking.providerId,
    start: booking.start.toISOString(),
  });
  for (const entry of booked) {
    await addHistory(tx, entry.id, booking.now, 'BOOKED', booking.start.toISOString(), booking.by);
    const withdrawn = await tx
      .update(t.waitlistOffers)
      .set({ status: 'withdrawn', respondedAt: booking.now })
      .where(and(eq(t.waitlistOffers.entryId, entry.id), eq(t.waitlistOffers.status, 'open')))
      .returning({ openingId: t.waitlistOffers.openingId });
    for (const offer of withdrawn) await fillOpening(tx, deps, booking.now, offer.openingId);
  }
}
