import { and, asc, desc, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

/** An appointment with what its JSON needs from the patient, staff and clinic rows. */
export function selectAppointmentRows(db: Executor) {
  return db
    .select({
      appointment: t.appointments,
      patient: {
        id: t.patients.id,
        firstName: t.patients.firstName,
        lastName: t.patients.lastName,
        email: t.patients.email,
        phone: t.patients.phone,
        source: t.patients.source,
      },
      staff: { id: t.users.id, name: t.users.name, email: t.users.email },
      clinic: {
        id: t.clinics.id,
        slug: t.clinics.slug,
        name: t.clinics.name,
        timezone: t.clinics.timezone,
      },
    })
    .from(t.appointments)
    .innerJoin(t.patients, eq(t.patients.id, t.appointments.patientId))
    .innerJoin(t.users, eq(t.users.id, t.appointments.staffId))
    .innerJoin(t.clinics, eq(t.clinics.id, t.appointments.clinicId));
}
export type AppointmentRow = Awaited<
  ReturnType<ReturnType<typeof selectAppointmentRows>['where']>
>[number];
export type EventRow = typeof t.appointmentEvents.$inferSelect;

export async function findAppointment(
  db: Executor,
  id: string,
  clinicIds: readonly string[],
): Promise<AppointmentRow | undefined> {
  if (clinicIds.length === 0) return undefined;
  const [row] = await selectAppointmentRows(db)
    .where(and(eq(t.appointments.id, id), inArray(t.appointments.clinicId, [...clinicIds])))
    .limit(1);
  return row;
}

/** Histories of many appointments in one round trip, oldest first. */
export async function loadHistories(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, EventRow[]>> {
  const byId = new Map<string, EventRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows = await db
    .select()
    .from(t.appointmentEvents)
    .where(inArray(t.appointmentEvents.appointmentId, [...ids]))
    .orderBy(asc(t.appointmentEvents.at), asc(t.appointmentEvents.id));
  for (const row of rows) byId.get(row.appointmentId)?.push(row);
  return byId;
}

export interface ListScope {
  clinicIds: readonly string[];
  staffId?: string;
  patientEmail?: string;
  from?: Date;
  to?: Date;
  /** Already normalised (lower case, no accents). */
  search?: string;
}

const MARKED = ['COMPLETED', 'NO_SHOW', 'DISQUALIFIED', 'CANCELLED'];
const OPEN = ['BOOKED', 'SCHEDULED', 'CONFIRMED'];

/** The SQL for each count bucket; the domain's countBucketOf says the same in TypeScript. */
export function bucketCondition(bucket: string, now: Date): SQL | undefined {
  switch (bucket) {
    case 'upcoming':
      return and(
        sql`${t.appointments.startAt} > ${now.toISOString()}`,
        notInArray(t.appointments.status, MARKED),
      );
    case 'pending':
      return and(
        sql`${t.appointments.startAt} <= ${now.toISOString()}`,
        inArray(t.appointments.status, OPEN),
      );
    case 'completed':
      return eq(t.appointments.status, 'COMPLETED');
    case 'cancelled':
      return eq(t.appointments.status, 'CANCELLED');
    case 'no_show':
      return eq(t.appointments.status, 'NO_SHOW');
    default:
      return undefined;
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function scopeConditions(scope: ListScope): SQL[] {
  const conditions: SQL[] = [inArray(t.appointments.clinicId, [...scope.clinicIds])];
  if (scope.staffId) conditions.push(eq(t.appointments.staffId, scope.staffId));
  if (scope.from) conditions.push(gte(t.appointments.startAt, scope.from));
  if (scope.to) conditions.push(lte(t.appointments.startAt, scope.to));
  if (scope.patientEmail || scope.search) {
    const patientConditions: SQL[] = [eq(t.patients.id, t.appointments.patientId)];
    if (scope.patientEmail)
      patientConditions.push(sql`lower(${t.patients.email}) = ${scope.patientEmail.toLowerCase()}`);
    if (scope.search)
      patientConditions.push(sql`${t.patients.searchText} like ${`%${escapeLike(scope.search)}%`}`);
    conditions.push(sql`exists (select 1 from ${t.patients} where ${and(...patientConditions)})`);
  }
  return conditions;
}

export async function listPage(
  db: Executor,
  scope: ListScope,
  status: { bucket?: string; stored?: string },
  now: Date,
  page: { limit: number; offset: number },
): Promise<AppointmentRow[]> {
  if (scope.clinicIds.length === 0) return [];
  const conditions = scopeConditions(scope);
  if (status.bucket) conditions.push(bucketCondition(status.bucket, now)!);
  if (status.stored) conditions.push(eq(t.appointments.status, status.stored));
  // Upcoming reads soonest first; every other view reads most recent first.
  const order =
    status.bucket === 'upcoming' ? asc(t.appointments.startAt) : desc(t.appointments.startAt);
  return selectAppointmentRows(db)
    .where(and(...conditions))
    .orderBy(order, asc(t.appointments.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countBuckets(db: Executor, scope: ListScope, now: Date) {
  if (scope.clinicIds.length === 0) {
    return { all: 0, upcoming: 0, pending: 0, completed: 0, cancelled: 0, no_show: 0 };
  }
  const n = (bucket: string) =>
    sql<number>`count(*) filter (where ${bucketCondition(bucket, now)})::int`;
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      upcoming: n('upcoming'),
      pending: n('pending'),
      completed: n('completed'),
      cancelled: n('cancelled'),
      no_show: n('no_show'),
    })
    .from(t.appointments)
    .where(and(...scopeConditions(scope)));
  return row!;
}

export async function listRange(
  db: Executor,
  scope: ListScope & { excludeEndedBefore?: Date },
): Promise<AppointmentRow[]> {
  if (scope.clinicIds.length === 0) return [];
  const conditions = scopeConditions(scope);
  if (scope.excludeEndedBefore)
    conditions.push(gte(t.appointments.endAt, scope.excludeEndedBefore));
  return selectAppointmentRows(db)
    .where(and(...conditions))
    .orderBy(asc(t.appointments.startAt), asc(t.appointments.id))
    .limit(5000);
}

export async function insertAppointment(db: Executor, values: typeof t.appointments.$inferInsert) {
  const [row] = await db.insert(t.appointments).values(values).returning({ id: t.appointments.id });
  return row!.id;
}

/** Optimistic update: nothing changes when someone else changed the row since it was read. */
export async function updateAppointment(
  db: Executor,
  id: string,
  expectedVersion: number,
  values: Partial<typeof t.appointments.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(t.appointments)
    .set({ ...values, version: expectedVersion + 1 })
    .where(and(eq(t.appointments.id, id), eq(t.appointments.version, expectedVersion)))
    .returning({ id: t.appointments.id });
  return rows.length === 1;
}

export async function insertEvents(
  db: Executor,
  rows: Array<typeof t.appointmentEvents.$inferInsert>,
) {
  if (rows.length) await db.insert(t.appointmentEvents).values(rows);
}

export async function insertOutbox(db: Executor, rows: Array<typeof t.outbox.$inferInsert>) {
  if (rows.length) await db.insert(t.outbox).values(rows);
}

export async function findIdempotentResponse(db: Executor, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(t.idempotencyKeys)
    .where(and(eq(t.idempotencyKeys.userId, userId), eq(t.idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

export async function saveIdempotentResponse(
  db: Executor,
  values: typeof t.idempotencyKeys.$inferInsert,
) {
  await db.insert(t.idempotencyKeys).values(values);
}
