import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  AppointmentOffers,
  OfferStatus,
  WaitlistCounts,
  WaitlistEntry,
  WaitlistFilter,
} from '@contracts/waitlist';
import { WAITLIST_FILTERS } from '@contracts/waitlist';
import type { TimeOfDay, WaitlistPriority } from '@domain/waitlist';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

const pr = alias(t.users, 'pr');

/** Today on each entry's clinic's calendar: an entry whose window ended before it has expired. */
const windowPast = (now: Date) =>
  sql`${t.waitlistEntries.windowTo} < (${now.toISOString()}::timestamptz at time zone ${t.clinics.timezone})::date`;

export function filterCondition(filter: WaitlistFilter, now: Date): SQL | undefined {
  switch (filter) {
    case 'active':
      return and(eq(t.waitlistEntries.status, 'waiting'), sql`not (${windowPast(now)})`);
    case 'expired':
      return and(eq(t.waitlistEntries.status, 'waiting'), windowPast(now));
    case 'booked':
    case 'removed':
      return eq(t.waitlistEntries.status, filter);
    case 'all':
      return undefined;
  }
}

function selectEntries(db: Executor, now: Date) {
  return db
    .select({
      entry: t.waitlistEntries,
      clinic: {
        id: t.clinics.id,
        slug: t.clinics.slug,
        name: t.clinics.name,
        timezone: t.clinics.timezone,
      },
      patient: {
        id: t.patients.id,
        firstName: t.patients.firstName,
        lastName: t.patients.lastName,
        email: t.patients.email,
        phone: t.patients.phone,
      },
      provider: { id: pr.id, name: pr.name },
      expired: sql<boolean>`(${t.waitlistEntries.status} = 'waiting' and ${windowPast(now)})`,
    })
    .from(t.waitlistEntries)
    .innerJoin(t.clinics, eq(t.clinics.id, t.waitlistEntries.clinicId))
    .innerJoin(t.patients, eq(t.patients.id, t.waitlistEntries.patientId))
    .leftJoin(pr, eq(pr.id, t.waitlistEntries.providerId));
}
type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['where']>>[number];

export interface EntryFilters {
  clinicIds: string[];
  providerId?: string;
  priority?: WaitlistPriority;
  search?: string;
}

function scope(f: EntryFilters): SQL | undefined {
  const search = f.search?.trim().toLowerCase();
  return and(
    inArray(t.waitlistEntries.clinicId, f.clinicIds),
    f.providerId ? eq(t.waitlistEntries.providerId, f.providerId) : undefined,
    f.priority ? eq(t.waitlistEntries.priority, f.priority) : undefined,
    search
      ? sql`(lower(${t.patients.firstName} || ' ' || ${t.patients.lastName}) like ${'%' + search.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}
             or lower(${t.patients.email}) like ${'%' + search.replace(/[\\%_]/g, (c) => '\\' + c) + '%'})`
      : undefined,
  );
}

export async function listEntries(
  db: Executor,
  f: EntryFilters & { filter: WaitlistFilter; page: number; limit: number },
  now: Date,
): Promise<{ rows: WaitlistEntry[]; hasNextPage: boolean }> {
  const rows = await selectEntries(db, now)
    .where(and(scope(f), filterCondition(f.filter, now)))
    .orderBy(
      desc(sql`${t.waitlistEntries.priority} = 'urgent'`),
      asc(t.waitlistEntries.createdAt),
      asc(t.waitlistEntries.id),
    )
    .limit(f.limit + 1)
    .offset((f.page - 1) * f.limit);
  const page = rows.slice(0, f.limit);
  return { rows: await withDetails(db, page), hasNextPage: rows.length > f.limit };
}

export async function countEntries(
  db: Executor,
  f: EntryFilters,
  now: Date,
): Promise<WaitlistCounts> {
  const columns = Object.fromEntries(
    WAITLIST_FILTERS.map((filter) => {
      const condition = filterCondition(filter, now);
      return [
        filter,
        condition
          ? sql<number>`(count(*) filter (where ${condition}))::int`
          : sql<number>`count(*)::int`,
      ];
    }),
  ) as Record<WaitlistFilter, SQL.Aliased<number> | SQL<number>>;
  const [row] = await db
    .select(columns as Record<WaitlistFilter, SQL<number>>)
    .from(t.waitlistEntries)
    .innerJoin(t.clinics, eq(t.clinics.id, t.waitlistEntries.clinicId))
    .innerJoin(t.patients, eq(t.patients.id, t.waitlistEntries.patientId))
    .where(scope(f));
  return row as WaitlistCounts;
}

export async function findEntry(
  db: Executor,
  id: string,
  clinicIds: string[],
  now: Date,
): Promise<WaitlistEntry | undefined> {
  const rows = await selectEntries(db, now).where(
    and(eq(t.waitlistEntries.id, id), inArray(t.waitlistEntries.clinicId, clinicIds)),
  );
  return (await withDetails(db, rows))[0];
}

/** The entries' histories and open offers, in two statements for the whole page. */
async function withDetails(db: Executor, rows: EntryRow[]): Promise<WaitlistEntry[]> {
  const ids = rows.map((r) => r.entry.id);
  const events = ids.length
    ? await db
        .select()
        .from(t.waitlistEvents)
        .where(inArray(t.waitlistEvents.entryId, ids))
        .orderBy(asc(t.waitlistEvents.at), asc(t.waitlistEvents.id))
    : [];
  const offers = ids.length
    ? await db
        .select({
          id: t.waitlistOffers.id,
          entryId: t.waitlistOffers.entryId,
          status: t.waitlistOffers.status,
          start: t.waitlistOffers.startAt,
          end: t.waitlistOffers.endAt,
          expiresAt: t.waitlistOffers.expiresAt,
          providerId: t.users.id,
          providerName: t.users.name,
        })
        .from(t.waitlistOffers)
        .innerJoin(t.waitlistOpenings, eq(t.waitlistOpenings.id, t.waitlistOffers.openingId))
        .innerJoin(t.users, eq(t.users.id, t.waitlistOpenings.providerId))
        .where(and(inArray(t.waitlistOffers.entryId, ids), eq(t.waitlistOffers.status, 'open')))
    : [];
  return rows.map((r) => {
    const offer = offers.find((o) => o.entryId === r.entry.id);
    return {
      id: r.entry.id,
      clinic: r.clinic,
      patient: {
        id: r.patient.id,
        name: `${r.patient.firstName} ${r.patient.lastName}`.trim(),
        email: r.patient.email,
        phone: r.patient.phone,
      },
      provider: r.provider ? { id: r.provider.id, name: r.provider.name } : null,
      duration: r.entry.duration,
      windowFrom: r.entry.windowFrom,
      windowTo: r.entry.windowTo,
      weekdays: r.entry.weekdays,
      timesOfDay: r.entry.timesOfDay as TimeOfDay[],
      priority: r.entry.priority as WaitlistPriority,
      notes: r.entry.notes,
      status: r.entry.status as WaitlistEntry['status'],
      expired: Boolean(r.expired),
      appointmentId: r.entry.appointmentId,
      createdAt: r.entry.createdAt.toISOString(),
      updatedAt: r.entry.updatedAt.toISOString(),
      openOffer: offer
        ? {
            id: offer.id,
            status: offer.status as OfferStatus,
            start: offer.start.toISOString(),
            end: offer.end.toISOString(),
            expiresAt: offer.expiresAt.toISOString(),
            provider: { id: offer.providerId, name: offer.providerName },
          }
        : null,
      history: events
        .filter((e) => e.entryId === r.entry.id)
        .map((e) => ({ type: e.type, at: e.at.toISOString(), detail: e.detail, by: e.byName })),
    };
  });
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
  /** Only offers of this provider's freed or added time: a provider's own dashboard. */
  providerId?: string,
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
        providerId ? eq(t.waitlistOpenings.providerId, providerId) : undefined,
      ),
    );
  return { openOffers: row?.openOffers ?? 0, filledThisMonth: row?.filledThisMonth ?? 0 };
}
