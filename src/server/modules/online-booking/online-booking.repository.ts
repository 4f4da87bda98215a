import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

const h = t.onlineBookingHolds;
export type HoldRow = typeof h.$inferSelect;

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

/** Whether a live hold of the provider already covers part of the time. */
export async function liveHoldOverlaps(
  db: Executor,
  r: { staffId: string; startAt: Date; endAt: Date; now: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: h.id })
    .from(h)
    .where(
      and(
        eq(h.staffId, r.staffId),
        eq(h.state, 'open'),
        gt(h.expiresAt, r.now),
        sql`${h.startAt} < ${r.endAt}`,
        sql`${h.endAt} > ${r.startAt}`,
      ),
    )
    .limit(1);
  return row !== undefined;
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

/**
 * How many holds the client asked for since `hourAgo` (at any clinic), the inbox at this clinic
 * since `hourAgo`, and how many confirmation mails the inbox was sent since `dayAgo` (one per
 * hold, from any clinic). The inbox is the address without +tag (inboxOf): victim+1@ and
 * victim+2@ are one. Unconfirmed holds are kept a day after they lapse, so all are here.
 */
export async function countRecentHolds(
  db: Executor,
  r: { clinicId: string; inbox: string; clientKey: string; hourAgo: Date; dayAgo: Date },
) {
  const lastHour = sql`${h.createdAt} > ${r.hourAgo}`;
  const [row] = await db
    .select({
      byAddress: sql<number>`count(*) filter (where ${h.clientKey} = ${r.clientKey} and ${lastHour})::int`,
      byEmailAtClinic: sql<number>`count(*) filter (where ${h.clinicId} = ${r.clinicId} and ${h.inbox} = ${r.inbox} and ${lastHour})::int`,
      mailsToEmail: sql<number>`count(*) filter (where ${h.inbox} = ${r.inbox})::int`,
    })
    .from(h)
    .where(
      or(
        and(eq(h.clientKey, r.clientKey), gt(h.createdAt, r.hourAgo)),
        and(eq(h.inbox, r.inbox), gt(h.createdAt, r.dayAgo)),
      ),
    );
  return row ?? { byAddress: 0, byEmailAtClinic: 0, mailsToEmail: 0 };
}

/**
 * Live holds at the clinic, and on the provider's day (at any clinic), leaving out the e-mail's
 * own open hold here, which the new one replaces. Counted under the clinic's and the provider's
 * locks.
 */
export async function countOpenHolds(
  db: Executor,
  r: {
    clinicId: string;
    staffId: string;
    email: string;
    dayStart: Date;
    dayEnd: Date;
    now: Date;
  },
) {
  const onDay = sql`${h.staffId} = ${r.staffId} and ${h.startAt} >= ${r.dayStart} and ${h.startAt} < ${r.dayEnd}`;
  const [row] = await db
    .select({
      atClinic: sql<number>`count(*) filter (where ${h.clinicId} = ${r.clinicId})::int`,
      onProviderDay: sql<number>`count(*) filter (where ${onDay})::int`,
    })
    .from(h)
    .where(
      and(
        eq(h.state, 'open'),
        gt(h.expiresAt, r.now),
        sql`not (${h.clinicId} = ${r.clinicId} and ${h.email} = ${r.email})`,
        or(eq(h.clinicId, r.clinicId), eq(h.staffId, r.staffId)),
      ),
    );
  return row ?? { atClinic: 0, onProviderDay: 0 };
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
      slug: c.slug,
      name: c.name,
      timezone: c.timezone,
      phone: c.phone,
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

/**
 * The clinic's active services the public page offers, with which patients may book each. The
 * services module reads the rest of a service (lengths, buffers, who offers it); these two columns
 * are online booking's alone.
 */
export function onlineServiceRules(db: Executor, clinicId: string) {
  const s = t.services;
  return db
    .select({ id: s.id, patientsAllowed: s.patientsAllowed })
    .from(s)
    .where(and(eq(s.clinicId, clinicId), eq(s.bookableOnline, true), sql`${s.archivedAt} is null`));
}

/** Which patients may book the service online ('all' for a hold that names none). */
export async function servicePatientsAllowed(db: Executor, serviceId: string | null) {
  if (!serviceId) return 'all';
  const [row] = await db
    .select({ patientsAllowed: t.services.patientsAllowed })
    .from(t.services)
    .where(eq(t.services.id, serviceId));
  return row?.patientsAllowed ?? 'all';
}
