// The waitlist's openings: freed time as it is recorded, locked, reopened, closed and filled, and
// whether anyone waits for it. The offers made of them are in offers.repository.ts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Slot } from '@domain/waitlist';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

/** The clinics an agent works at, where their new hours are offered. */
export async function clinicIdsOfMember(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ clinicId: t.clinicMembers.clinicId })
    .from(t.clinicMembers)
    .where(eq(t.clinicMembers.userId, userId));
  return rows.map((r) => r.clinicId);
}

/** Whether anyone waits at the clinic: freed time nobody there could take is not recorded. */
export async function anyoneWaiting(db: Executor, clinicId: string): Promise<boolean> {
  const [waiting] = await db
    .select({ id: t.waitlistEntries.id })
    .from(t.waitlistEntries)
    .where(and(eq(t.waitlistEntries.clinicId, clinicId), eq(t.waitlistEntries.status, 'waiting')))
    .limit(1);
  return waiting !== undefined;
}

/** Freed time as the waitlist records it: whose, when, and what freed it. */
export interface NewOpening {
  clinicId: string;
  agentId: string;
  slot: Slot;
  source: 'cancelled' | 'rescheduled' | 'hours';
  sourceAppointmentId: string | null;
}

export async function insertOpening(
  db: Executor,
  o: NewOpening & { createdAt: Date },
): Promise<string> {
  const [opening] = await db
    .insert(t.waitlistOpenings)
    .values({
      clinicId: o.clinicId,
      agentId: o.agentId,
      startAt: o.slot.start,
      endAt: o.slot.end,
      source: o.source,
      sourceAppointmentId: o.sourceAppointmentId,
      createdAt: o.createdAt,
    })
    .returning({ id: t.waitlistOpenings.id });
  return opening!.id;
}

/**
 * An opening with what its offers need (its clinic's policy and zone, its agent's name),
 * locked for the rest of the transaction.
 */
export async function lockOpening(db: Executor, openingId: string) {
  const [opening] = await db
    .select({
      id: t.waitlistOpenings.id,
      clinicId: t.waitlistOpenings.clinicId,
      agentId: t.waitlistOpenings.agentId,
      start: t.waitlistOpenings.startAt,
      end: t.waitlistOpenings.endAt,
      status: t.waitlistOpenings.status,
      clinicName: t.clinics.name,
      timezone: t.clinics.timezone,
      offersAtOnce: t.clinics.waitlistOffersAtOnce,
      holdMinutes: t.clinics.waitlistOfferHoldMinutes,
      agentName: t.users.name,
    })
    .from(t.waitlistOpenings)
    .innerJoin(t.clinics, eq(t.clinics.id, t.waitlistOpenings.clinicId))
    .innerJoin(t.users, eq(t.users.id, t.waitlistOpenings.agentId))
    .where(eq(t.waitlistOpenings.id, openingId))
    .for('update', { of: t.waitlistOpenings });
  return opening;
}

/** The clinic's openings not yet over, open or closed, the earliest first. */
export async function openingsAhead(db: Executor, clinicId: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: t.waitlistOpenings.id })
    .from(t.waitlistOpenings)
    .where(
      and(
        eq(t.waitlistOpenings.clinicId, clinicId),
        inArray(t.waitlistOpenings.status, ['open', 'closed']),
        sql`${t.waitlistOpenings.endAt} > ${now}`,
      ),
    )
    .orderBy(t.waitlistOpenings.startAt)
    .limit(50);
  return rows.map((r) => r.id);
}

export async function reopenOpening(db: Executor, openingId: string): Promise<void> {
  await db
    .update(t.waitlistOpenings)
    .set({ status: 'open' })
    .where(and(eq(t.waitlistOpenings.id, openingId), eq(t.waitlistOpenings.status, 'closed')));
}

/** Nobody is offered an open opening's time any more. */
export async function closeOpening(db: Executor, openingId: string): Promise<void> {
  await db
    .update(t.waitlistOpenings)
    .set({ status: 'closed' })
    .where(and(eq(t.waitlistOpenings.id, openingId), eq(t.waitlistOpenings.status, 'open')));
}

export async function markOpeningFilled(db: Executor, openingId: string): Promise<void> {
  await db
    .update(t.waitlistOpenings)
    .set({ status: 'filled' })
    .where(eq(t.waitlistOpenings.id, openingId));
}

export async function countOpenOffers(db: Executor, openingId: string): Promise<number> {
  const [{ open } = { open: 0 }] = await db
    .select({ open: sql<number>`count(*)::int` })
    .from(t.waitlistOffers)
    .where(and(eq(t.waitlistOffers.openingId, openingId), eq(t.waitlistOffers.status, 'open')));
  return open;
}
