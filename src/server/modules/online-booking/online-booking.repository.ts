import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

const h = t.onlineBookingHolds;
export type HoldRow = typeof h.$inferSelect;

/** The provider's booking lock, the key appointments and the hold triggers take (ADR 022). */
export async function lockAgent(db: Executor, agentId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${agentId}, 727))`);
}

/**
 * Marks as expired the open holds past their time that could stand in a new hold's way: the
 * provider's, and the e-mail's. From then on the exclusion constraint compares live holds only.
 */
export async function expireStaleHolds(
  db: Executor,
  r: { clinicId: string; staffId: string; email: string; now: Date },
) {
  await db
    .update(h)
    .set({ state: 'expired' })
    .where(
      and(
        eq(h.state, 'open'),
        lte(h.expiresAt, r.now),
        or(eq(h.staffId, r.staffId), and(eq(h.clinicId, r.clinicId), eq(h.email, r.email))),
      ),
    );
}

/** A new hold replaces the e-mail's open one: one open hold per e-mail, the latest. */
export async function releaseEmailHolds(db: Executor, clinicId: string, email: string) {
  await db
    .update(h)
    .set({ state: 'expired' })
    .where(and(eq(h.state, 'open'), eq(h.clinicId, clinicId), eq(h.email, email)));
}

export async function insertHold(db: Executor, values: typeof h.$inferInsert) {
  const [row] = await db.insert(h).values(values).returning({ id: h.id });
  return row!;
}

/** How many holds an address, and an e-mail, asked for since a time (the abuse limits). */
export async function countRecentHolds(
  db: Executor,
  r: { clinicId: string; email: string; ip: string; since: Date },
) {
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${h.clinicId} = ${r.clinicId} and ${h.email} = ${r.email})::int`,
      byIp: sql<number>`count(*) filter (where ${h.ip} = ${r.ip})::int`,
    })
    .from(h)
    .where(and(gt(h.createdAt, r.since), or(eq(h.email, r.email), eq(h.ip, r.ip))));
  return row ?? { byEmail: 0, byIp: 0 };
}

export async function findHoldForUpdate(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(h).where(eq(h.tokenHash, tokenHash)).for('update').limit(1);
  return row;
}

export async function setHoldState(
  db: Executor,
  id: string,
  values: { state: 'confirmed' | 'expired'; appointmentId?: string },
) {
  await db.update(h).set(values).where(eq(h.id, id));
}

export async function appointmentToken(db: Executor, appointmentId: string) {
  const [row] = await db
    .select({ token: t.appointments.token })
    .from(t.appointments)
    .where(eq(t.appointments.id, appointmentId))
    .limit(1);
  return row?.token;
}

/** The hold's clinic, with whether it still takes online bookings and from whom. */
export async function findClinicById(db: Executor, clinicId: string) {
  const c = t.clinics;
  const [row] = await db
    .select({
      id: c.id,
      name: c.name,
      timezone: c.timezone,
      onlineBooking: {
        enabled: c.onlineBookingEnabled,
        allowNewPatients: c.onlineBookingNewPatients,
      },
    })
    .from(c)
    .where(eq(c.id, clinicId))
    .limit(1);
  return row;
}

/**
 * Deletes the holds never confirmed that lapsed before `before`: the name, phone and date of birth
 * someone typed and never proved are not kept. Confirmed holds stay: they name their booking.
 */
export async function deleteUnconfirmedHolds(db: Executor, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // Holds that lapsed long ago block nothing: their deletion moves no clinic's data version
    // (migration 0023), so the purge neither empties every clinic's reuse nor queues behind
    // bookings for those rows.
    await tx.execute(sql`select set_config('carebook.purging_holds', 'on', true)`);
    const rows = await tx
      .delete(h)
      .where(and(sql`${h.state} <> 'confirmed'`, lte(h.expiresAt, before)))
      .returning({ id: h.id });
    return rows.length;
  });
}
