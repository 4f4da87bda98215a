// The waitlist's entries: the staff list, each entry's history, and the entries' own changes.
// Freed time and the offers made of it are in offers.repository.ts.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  OfferStatus,
  WaitlistCounts,
  WaitlistEntry,
  WaitlistFilter,
} from '@contracts/waitlist';
import { WAITLIST_FILTERS } from '@contracts/waitlist';
import type { TimeOfDay, WaitlistPriority } from '@domain/waitlist';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { clinicNameColumns, patientContactColumns } from '../../db/clinic-columns';
import * as t from '../../db/schema';

const agentUser = alias(t.users, 'agent_user');

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
      clinic: clinicNameColumns,
      patient: patientContactColumns,
      agent: { id: agentUser.id, name: agentUser.name },
      expired: sql<boolean>`(${t.waitlistEntries.status} = 'waiting' and ${windowPast(now)})`,
    })
    .from(t.waitlistEntries)
    .innerJoin(t.clinics, eq(t.clinics.id, t.waitlistEntries.clinicId))
    .innerJoin(t.patients, eq(t.patients.id, t.waitlistEntries.patientId))
    .leftJoin(agentUser, eq(agentUser.id, t.waitlistEntries.agentId));
}
type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['where']>>[number];

export interface EntryFilters {
  clinicIds: string[];
  agentId?: string;
  priority?: WaitlistPriority;
  search?: string;
}

function scope(f: EntryFilters): SQL | undefined {
  const search = f.search?.trim().toLowerCase();
  return and(
    inArray(t.waitlistEntries.clinicId, f.clinicIds),
    f.agentId ? eq(t.waitlistEntries.agentId, f.agentId) : undefined,
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
          agentId: t.users.id,
          agentName: t.users.name,
        })
        .from(t.waitlistOffers)
        .innerJoin(t.waitlistOpenings, eq(t.waitlistOpenings.id, t.waitlistOffers.openingId))
        .innerJoin(t.users, eq(t.users.id, t.waitlistOpenings.agentId))
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
      provider: r.agent ? { id: r.agent.id, name: r.agent.name } : null,
      serviceId: r.entry.serviceId,
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
            provider: { id: offer.agentId, name: offer.agentName },
          }
        : null,
      history: events
        .filter((e) => e.entryId === r.entry.id)
        .map((e) => ({ type: e.type, at: e.at.toISOString(), detail: e.detail, by: e.byName })),
    };
  });
}

/** Whether the patient is one of the clinic's. */
export async function isClinicPatient(
  db: Executor,
  clinicId: string,
  patientId: string,
): Promise<boolean> {
  const [patient] = await db
    .select({ id: t.patients.id })
    .from(t.patients)
    .where(and(eq(t.patients.id, patientId), eq(t.patients.clinicId, clinicId)));
  return patient !== undefined;
}

/** Whether the user is an active agent (provider or nurse) of the clinic. */
export async function takesAppointmentsAt(
  db: Executor,
  clinicId: string,
  userId: string,
): Promise<boolean> {
  const [agent] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .innerJoin(t.clinicMembers, eq(t.clinicMembers.userId, t.users.id))
    .where(
      and(
        eq(t.users.id, userId),
        eq(t.clinicMembers.clinicId, clinicId),
        eq(t.users.active, true),
        inArray(t.users.role, ['provider', 'nurse']),
      ),
    );
  return agent !== undefined;
}

/** What staff set on an entry: everything but its clinic, patient and status. */
export type EntryWishes = Pick<
  typeof t.waitlistEntries.$inferInsert,
  | 'agentId'
  | 'serviceId'
  | 'duration'
  | 'windowFrom'
  | 'windowTo'
  | 'weekdays'
  | 'timesOfDay'
  | 'priority'
  | 'notes'
>;

export async function insertEntry(
  db: Executor,
  entry: EntryWishes & { clinicId: string; patientId: string; by: string | null; at: Date },
): Promise<string> {
  const { by, at, ...values } = entry;
  const [row] = await db
    .insert(t.waitlistEntries)
    .values({ ...values, createdBy: by, updatedBy: by, createdAt: at, updatedAt: at })
    .returning({ id: t.waitlistEntries.id });
  return row!.id;
}

/** A waiting or past entry of one of the clinics, locked for the rest of the transaction. */
export async function lockEntry(db: Executor, id: string, clinicIds: string[]) {
  const [row] = await db
    .select({
      status: t.waitlistEntries.status,
      clinicId: t.waitlistEntries.clinicId,
      patientId: t.waitlistEntries.patientId,
    })
    .from(t.waitlistEntries)
    .where(and(eq(t.waitlistEntries.id, id), inArray(t.waitlistEntries.clinicId, clinicIds)))
    .for('update');
  return row;
}

export async function updateEntry(
  db: Executor,
  id: string,
  change: Partial<EntryWishes> & { status?: 'removed'; by: string | null; at: Date },
): Promise<void> {
  const { by, at, ...values } = change;
  await db
    .update(t.waitlistEntries)
    .set({ ...values, updatedBy: by, updatedAt: at })
    .where(eq(t.waitlistEntries.id, id));
}

/** The patient's entry leaves the list booked, by an accepted offer of it. */
export async function markEntryBooked(
  db: Executor,
  id: string,
  appointmentId: string,
  now: Date,
): Promise<void> {
  await db
    .update(t.waitlistEntries)
    .set({ status: 'booked', appointmentId, updatedAt: now })
    .where(eq(t.waitlistEntries.id, id));
}

/**
 * A booking's patient's waiting entries at its clinic that wish for its time (its agent or
 * any, its day inside their window on the clinic's calendar) become booked; the ones it changed.
 */
export async function markWaitingEntriesBooked(
  db: Executor,
  booking: {
    appointmentId: string;
    clinicId: string;
    patientId: string;
    agentId: string;
    start: Date;
    now: Date;
  },
): Promise<Array<{ id: string }>> {
  // Prepared: every booking asks it, and almost always nobody is waiting.
  const ph = sql.placeholder;
  return prepared(db, 'waitlist_booked', (name) =>
    db
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
          sql`(${t.waitlistEntries.agentId} is null or ${t.waitlistEntries.agentId} = ${ph('agentId')}::uuid)`,
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
    agentId: booking.agentId,
    start: booking.start.toISOString(),
  });
}

export async function patientOfEntry(db: Executor, entryId: string): Promise<string> {
  const [row] = await db
    .select({ patientId: t.waitlistEntries.patientId })
    .from(t.waitlistEntries)
    .where(eq(t.waitlistEntries.id, entryId));
  return row!.patientId;
}

/** What a webhook may tell of an entry: ids, priority and status, nothing that names anyone. */
export async function entryFacts(db: Executor, entryId: string) {
  const [entry] = await db
    .select({
      clinicId: t.waitlistEntries.clinicId,
      patientId: t.waitlistEntries.patientId,
      agentId: t.waitlistEntries.agentId,
      priority: t.waitlistEntries.priority,
      status: t.waitlistEntries.status,
      appointmentId: t.waitlistEntries.appointmentId,
    })
    .from(t.waitlistEntries)
    .where(eq(t.waitlistEntries.id, entryId));
  return entry;
}

export async function insertEvent(
  db: Executor,
  event: typeof t.waitlistEvents.$inferInsert,
): Promise<void> {
  await db.insert(t.waitlistEvents).values(event);
}
