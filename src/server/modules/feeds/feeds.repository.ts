import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

export async function findFeedOfUser(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(t.calendarFeeds)
    .where(eq(t.calendarFeeds.userId, userId))
    .limit(1);
  return row;
}

/** Makes the member's feed, or gives it a new secret: the old one is gone in the same statement. */
export async function putFeed(db: Executor, userId: string, secretHash: string, now: Date) {
  await db
    .insert(t.calendarFeeds)
    .values({ userId, secretHash, createdAt: now })
    .onConflictDoUpdate({
      target: t.calendarFeeds.userId,
      set: { secretHash, createdAt: now, lastFetchedAt: null },
    });
}

export async function deleteFeed(db: Executor, userId: string) {
  const rows = await db
    .delete(t.calendarFeeds)
    .where(eq(t.calendarFeeds.userId, userId))
    .returning({ userId: t.calendarFeeds.userId });
  return rows.length > 0;
}

/** The active member a secret belongs to; a deactivated member's feed answers nothing. */
export async function findFeedBySecretHash(db: Executor, secretHash: string) {
  const [row] = await db
    .select({ userId: t.users.id, name: t.users.name, email: t.users.email })
    .from(t.calendarFeeds)
    .innerJoin(t.users, eq(t.users.id, t.calendarFeeds.userId))
    .where(and(eq(t.calendarFeeds.secretHash, secretHash), eq(t.users.active, true)))
    .limit(1);
  return row;
}

export async function touchFeed(db: Executor, userId: string, now: Date) {
  await db
    .update(t.calendarFeeds)
    .set({ lastFetchedAt: now })
    .where(eq(t.calendarFeeds.userId, userId));
}

/** Members of any of the clinics who have a feed, by name. */
export function feedsOfClinics(db: Executor, clinicIds: readonly string[]) {
  if (clinicIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: t.users.id,
      name: t.users.name,
      email: t.users.email,
      role: t.users.role,
      createdAt: t.calendarFeeds.createdAt,
      lastFetchedAt: t.calendarFeeds.lastFetchedAt,
    })
    .from(t.calendarFeeds)
    .innerJoin(t.users, eq(t.users.id, t.calendarFeeds.userId))
    .where(
      sql`exists (select 1 from ${t.clinicMembers} m where m.user_id = ${t.users.id}
                  and ${inArray(sql`m.clinic_id`, [...clinicIds])})`,
    )
    .orderBy(asc(t.users.name), asc(t.users.id));
}

export interface FeedAppointmentRow {
  id: string;
  startAt: Date;
  endAt: Date;
  status: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  patientId: string;
  patientFirstName: string;
  patientLastName: string;
  clinicName: string;
  clinicTimezone: string;
  clinicAddress: string | null;
  reminderOffsetsMinutes: number[];
  feedSummary: string;
  /** The service booked (the clinic's default for one booked before services); null if none. */
  serviceName: string | null;
  serviceKind: string | null;
  serviceLocation: string | null;
}

/**
 * The member's appointments that start in [from, to), cancelled ones included, each with its own
 * clinic's name, zone, address and reminders (a member of two clinics sees each as its own).
 */
export function feedAppointments(
  db: Executor,
  staffId: string,
  from: Date,
  to: Date,
): Promise<FeedAppointmentRow[]> {
  const a = t.appointments;
  return db
    .select({
      id: a.id,
      startAt: a.startAt,
      endAt: a.endAt,
      status: a.status,
      version: a.version,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
      patientId: t.patients.id,
      patientFirstName: t.patients.firstName,
      patientLastName: t.patients.lastName,
      clinicName: t.clinics.name,
      clinicTimezone: t.clinics.timezone,
      clinicAddress: t.clinics.address,
      reminderOffsetsMinutes: t.clinics.reminderOffsetsMinutes,
      feedSummary: t.clinics.feedSummary,
      serviceName: t.services.name,
      serviceKind: t.services.kind,
      serviceLocation: t.services.location,
    })
    .from(a)
    .innerJoin(t.patients, eq(t.patients.id, a.patientId))
    .innerJoin(t.clinics, eq(t.clinics.id, a.clinicId))
    .leftJoin(
      t.services,
      and(
        eq(t.services.clinicId, a.clinicId),
        sql`case when ${a.serviceId} is null then ${t.services.isDefault} else ${t.services.id} = ${a.serviceId} end`,
      ),
    )
    .where(and(eq(a.staffId, staffId), gte(a.startAt, from), lt(a.startAt, to)))
    .orderBy(asc(a.startAt), asc(a.id));
}

export async function clinicFeedSummary(db: Executor, clinicId: string) {
  const [row] = await db
    .select({ summary: t.clinics.feedSummary })
    .from(t.clinics)
    .where(eq(t.clinics.id, clinicId))
    .limit(1);
  return row?.summary;
}

export async function setClinicFeedSummary(db: Executor, clinicId: string, summary: string) {
  await db.update(t.clinics).set({ feedSummary: summary }).where(eq(t.clinics.id, clinicId));
}
