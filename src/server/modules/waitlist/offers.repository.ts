// The offers made of the waitlist's openings, with what staff read of those offers. The openings
// themselves are in openings.repository.ts; the entries, their list and history in
// waitlist.repository.ts.
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { AppointmentOffers, OfferStatus } from '@contracts/waitlist';
import type { Slot, TimeOfDay, WaitlistPriority } from '@domain/waitlist';
import type { DateKey } from '@domain/zoned-time';
import { queryRows, type Executor } from '../../db/client';
import { patientFullName } from '../../db/clinic-columns';
import * as t from '../../db/schema';

/**
 * The clinic's waiting entries an opening may go to: window not past on `today`, its agent or
 * any, neither offered this opening before nor holding another open offer. With their patients.
 */
export async function findCandidates(
  db: Executor,
  o: { openingId: string; clinicId: string; agentId: string; today: DateKey },
) {
  const rows = await db
    .select({
      id: t.waitlistEntries.id,
      agentId: t.waitlistEntries.agentId,
      durationMinutes: t.waitlistEntries.duration,
      windowFrom: t.waitlistEntries.windowFrom,
      windowTo: t.waitlistEntries.windowTo,
      weekdays: t.waitlistEntries.weekdays,
      timesOfDay: t.waitlistEntries.timesOfDay,
      priority: t.waitlistEntries.priority,
      createdAt: t.waitlistEntries.createdAt,
      patientId: t.patients.id,
      patientName: patientFullName,
      patientEmail: t.patients.email,
      bufferBeforeMinutes: t.services.bufferBeforeMinutes,
      bufferAfterMinutes: t.services.bufferAfterMinutes,
      resourceCategory: t.services.resourceCategory,
      resourceId: t.services.resourceId,
    })
    .from(t.waitlistEntries)
    .innerJoin(t.patients, eq(t.patients.id, t.waitlistEntries.patientId))
    // The service waited for (none named: the clinic's default), for its buffers; only entries
    // whose service is still offered, by the agent whose time was freed, are offered it.
    .innerJoin(
      t.services,
      sql`${t.services.id} = coalesce(${t.waitlistEntries.serviceId}, (select d.id from ${t.services} d
            where d.clinic_id = ${t.waitlistEntries.clinicId} and d.is_default))`,
    )
    .where(
      and(
        eq(t.waitlistEntries.clinicId, o.clinicId),
        eq(t.waitlistEntries.status, 'waiting'),
        sql`${t.services.archivedAt} is null`,
        sql`(${t.services.offeredByAll} or exists (select 1 from ${t.serviceAgents} sa
              where sa.service_id = ${t.services.id} and sa.agent_id = ${o.agentId}))`,
        sql`${t.waitlistEntries.windowTo} >= ${o.today}::date`,
        sql`(${t.waitlistEntries.agentId} is null or ${t.waitlistEntries.agentId} = ${o.agentId})`,
        sql`not exists (select 1 from ${t.waitlistOffers} o where o.entry_id = ${t.waitlistEntries.id}
              and (o.status = 'open' or o.opening_id = ${o.openingId}))`,
      ),
    );
  return rows.map((c) => ({
    ...c,
    timesOfDay: c.timesOfDay as TimeOfDay[],
    priority: c.priority as WaitlistPriority,
  }));
}

/** The most a buffer reaches from its visit (SERVICE_BUFFER_MAX): what "near" means below. */
const NEAR_MINUTES = 2 * 240;

/**
 * The blocked ranges (visit and buffers, ADR 044) of the agent's open appointments and open
 * holds near a freed time: what an offer made of it must keep clear of.
 */
export async function agentBusyNear(
  db: Executor,
  o: { agentId: string; start: Date; end: Date; now: Date },
): Promise<Slot[]> {
  const near = sql`tstzrange(${o.start}::timestamptz - make_interval(mins => ${NEAR_MINUTES}),
    ${o.end}::timestamptz + make_interval(mins => ${NEAR_MINUTES}))`;
  const rows = await queryRows<{ start_at: string | Date; end_at: string | Date }>(
    db,
    sql`
    select lower(r) as start_at, upper(r) as end_at from (
      select blocked_range(a.start_at, a.end_at, a.buffer_before_minutes, a.buffer_after_minutes) r
      from ${t.appointments} a
      where a.staff_id = ${o.agentId} and a.status <> 'CANCELLED'
        and blocked_range(a.start_at, a.end_at, a.buffer_before_minutes, a.buffer_after_minutes) && ${near}
      union all
      select blocked_range(h.start_at, h.end_at, h.buffer_before_minutes, h.buffer_after_minutes)
      from ${t.onlineBookingHolds} h
      where h.staff_id = ${o.agentId} and h.state = 'open' and h.expires_at > ${o.now}
        and blocked_range(h.start_at, h.end_at, h.buffer_before_minutes, h.buffer_after_minutes) && ${near}
    ) busy`,
  );
  return rows.map((r) => ({ start: new Date(r.start_at), end: new Date(r.end_at) }));
}

/**
 * Records an offer unless the unique indexes refuse it (the entry already holds an open offer,
 * or was offered this opening): false then.
 */
export async function insertOffer(
  db: Executor,
  offer: {
    openingId: string;
    entryId: string;
    token: string;
    slot: Slot;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(t.waitlistOffers)
    .values({
      openingId: offer.openingId,
      entryId: offer.entryId,
      token: offer.token,
      startAt: offer.slot.start,
      endAt: offer.slot.end,
      expiresAt: offer.expiresAt,
      createdAt: offer.createdAt,
    })
    .onConflictDoNothing()
    .returning({ id: t.waitlistOffers.id });
  return inserted.length > 0;
}

/** Every open offer whose hold has passed becomes expired; the ones it changed. */
export async function lapseDueOffers(db: Executor, now: Date) {
  return db
    .update(t.waitlistOffers)
    .set({ status: 'expired', respondedAt: now })
    .where(and(eq(t.waitlistOffers.status, 'open'), lte(t.waitlistOffers.expiresAt, now)))
    .returning({
      entryId: t.waitlistOffers.entryId,
      openingId: t.waitlistOffers.openingId,
      start: t.waitlistOffers.startAt,
    });
}

/** An entry's open offer is withdrawn; the openings whose offers it withdrew. */
export async function withdrawOpenOffers(
  db: Executor,
  entryId: string,
  now: Date,
): Promise<Array<{ openingId: string }>> {
  return db
    .update(t.waitlistOffers)
    .set({ status: 'withdrawn', respondedAt: now })
    .where(and(eq(t.waitlistOffers.entryId, entryId), eq(t.waitlistOffers.status, 'open')))
    .returning({ openingId: t.waitlistOffers.openingId });
}

function selectOffer(db: Executor) {
  return db
    .select({
      id: t.waitlistOffers.id,
      status: t.waitlistOffers.status,
      start: t.waitlistOffers.startAt,
      end: t.waitlistOffers.endAt,
      expiresAt: t.waitlistOffers.expiresAt,
      openingId: t.waitlistOffers.openingId,
      entryId: t.waitlistOffers.entryId,
      appointmentId: t.waitlistOffers.appointmentId,
      patientId: t.waitlistEntries.patientId,
      entryStatus: t.waitlistEntries.status,
      notes: t.waitlistEntries.notes,
      serviceId: t.waitlistEntries.serviceId,
      agentId: t.waitlistOpenings.agentId,
      agentName: t.users.name,
      clinic: {
        id: t.clinics.id,
        name: t.clinics.name,
        timezone: t.clinics.timezone,
        defaultLanguage: t.clinics.defaultLanguage,
      },
      preferredLanguage: t.patients.preferredLanguage,
      reach: {
        slug: t.clinics.slug,
        phone: t.clinics.phone,
        address: t.clinics.address,
        onlineBookingEnabled: t.clinics.onlineBookingEnabled,
        onlineBookingAgentIds: t.clinics.onlineBookingAgentIds,
      },
      sessionToken: t.appointments.token,
    })
    .from(t.waitlistOffers)
    .innerJoin(t.waitlistEntries, eq(t.waitlistEntries.id, t.waitlistOffers.entryId))
    .innerJoin(t.waitlistOpenings, eq(t.waitlistOpenings.id, t.waitlistOffers.openingId))
    .innerJoin(t.users, eq(t.users.id, t.waitlistOpenings.agentId))
    .innerJoin(t.clinics, eq(t.clinics.id, t.waitlistOpenings.clinicId))
    .innerJoin(t.patients, eq(t.patients.id, t.waitlistEntries.patientId))
    .leftJoin(t.appointments, eq(t.appointments.id, t.waitlistOffers.appointmentId));
}
/** An offer as its page shows it and its answers need it. */
export type OfferRow = Awaited<ReturnType<ReturnType<typeof selectOffer>['where']>>[number];

/** The offer of a link's token, with its entry, opening and booking; locked if asked. */
export async function findOfferByToken(
  db: Executor,
  token: string,
  lock = false,
): Promise<OfferRow | undefined> {
  const query = selectOffer(db).where(eq(t.waitlistOffers.token, token));
  const [row] = lock ? await query.for('update', { of: t.waitlistOffers }) : await query;
  return row;
}

/** An offer answered, lapsed or taken, at `now`. */
export async function setOfferStatus(
  db: Executor,
  offerId: string,
  status: Exclude<OfferStatus, 'open'>,
  now: Date,
): Promise<void> {
  await db
    .update(t.waitlistOffers)
    .set({ status, respondedAt: now })
    .where(eq(t.waitlistOffers.id, offerId));
}

export async function setOfferAppointment(
  db: Executor,
  offerId: string,
  appointmentId: string,
): Promise<void> {
  await db.update(t.waitlistOffers).set({ appointmentId }).where(eq(t.waitlistOffers.id, offerId));
}

/**
 * The opening's other open offers overlapping an accepted one's time become taken; the entries
 * they were made to.
 */
export async function takeOverlappingOffers(
  db: Executor,
  accepted: { id: string; openingId: string; start: Date; end: Date },
  now: Date,
): Promise<Array<{ entryId: string }>> {
  return db
    .update(t.waitlistOffers)
    .set({ status: 'taken', respondedAt: now })
    .where(
      and(
        eq(t.waitlistOffers.openingId, accepted.openingId),
        eq(t.waitlistOffers.status, 'open'),
        ne(t.waitlistOffers.id, accepted.id),
        sql`${t.waitlistOffers.startAt} < ${accepted.end} and ${t.waitlistOffers.endAt} > ${accepted.start}`,
      ),
    )
    .returning({ entryId: t.waitlistOffers.entryId });
}

/** The offers made of the time an appointment freed, oldest first. */
export async function offersOfAppointment(
  db: Executor,
  appointmentId: string,
  clinicIds: string[],
): Promise<AppointmentOffers> {
  const rows = await db
    .select({
      id: t.waitlistOffers.id,
      status: t.waitlistOffers.status,
      start: t.waitlistOffers.startAt,
      end: t.waitlistOffers.endAt,
      offeredAt: t.waitlistOffers.createdAt,
      respondedAt: t.waitlistOffers.respondedAt,
      entryId: t.waitlistOffers.entryId,
      patientId: t.patients.id,
      firstName: t.patients.firstName,
      lastName: t.patients.lastName,
    })
    .from(t.waitlistOffers)
    .innerJoin(t.waitlistOpenings, eq(t.waitlistOpenings.id, t.waitlistOffers.openingId))
    .innerJoin(t.waitlistEntries, eq(t.waitlistEntries.id, t.waitlistOffers.entryId))
    .innerJoin(t.patients, eq(t.patients.id, t.waitlistEntries.patientId))
    .where(
      and(
        eq(t.waitlistOpenings.sourceAppointmentId, appointmentId),
        inArray(t.waitlistOpenings.clinicId, clinicIds),
      ),
    )
    .orderBy(asc(t.waitlistOffers.createdAt), asc(t.waitlistOffers.id));
  return rows.map((r) => ({
    id: r.id,
    status: r.status as OfferStatus,
    start: r.start.toISOString(),
    end: r.end.toISOString(),
    offeredAt: r.offeredAt.toISOString(),
    respondedAt: r.respondedAt?.toISOString() ?? null,
    patient: { id: r.patientId, name: `${r.firstName} ${r.lastName}`.trim() },
    entryId: r.entryId,
  }));
}

/** For the dashboard: offers waiting for an answer, and times filled from the waitlist since. */
export async function waitlistSummary(
  db: Executor,
  clinicIds: string[],
  now: Date,
  monthStart: Date,
  /** Only offers of this agent's freed or added time: an agent's own dashboard. */
  agentId?: string,
): Promise<{ openOffers: number; filledThisMonth: number }> {
  if (clinicIds.length === 0) return { openOffers: 0, filledThisMonth: 0 };
  const [row] = await db
    .select({
      openOffers: sql<number>`(count(*) filter (where ${t.waitlistOffers.status} = 'open' and ${t.waitlistOffers.expiresAt} > ${now}))::int`,
      filledThisMonth: sql<number>`(count(*) filter (where ${t.waitlistOffers.status} = 'accepted' and ${t.waitlistOffers.respondedAt} >= ${monthStart}))::int`,
    })
    .from(t.waitlistOffers)
    .innerJoin(t.waitlistOpenings, eq(t.waitlistOpenings.id, t.waitlistOffers.openingId))
    .where(
      and(
        inArray(t.waitlistOpenings.clinicId, clinicIds),
        agentId ? eq(t.waitlistOpenings.agentId, agentId) : undefined,
      ),
    );
  return { openOffers: row?.openOffers ?? 0, filledThisMonth: row?.filledThisMonth ?? 0 };
}
