import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { arrayNamesAnyClinic, clinicsOfArray, type NamedClinic } from '../../db/clinic-columns';
import { prepared } from '../../db/prepared';
import * as t from '../../db/schema';

export type EndpointRow = typeof t.webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof t.webhookDeliveries.$inferSelect;

export interface ListedEndpointRow {
  endpoint: EndpointRow;
  clinics: NamedClinic[];
}

const endpointClinics = clinicsOfArray(t.webhookEndpoints.clinicIds);

const ofClinics = (clinicIds: readonly string[]) =>
  arrayNamesAnyClinic(t.webhookEndpoints.clinicIds, clinicIds);

/** Endpoints with the clinics they hear of, as the list and the single endpoint show them. */
const listedEndpoints = (db: Executor, where: SQL | undefined) =>
  db
    .select({ endpoint: t.webhookEndpoints, clinics: endpointClinics })
    .from(t.webhookEndpoints)
    .where(where);

/** Endpoints that hear of at least one of the clinics, newest first. */
export function listEndpointsOfClinics(
  db: Executor,
  clinicIds: readonly string[],
): Promise<ListedEndpointRow[]> {
  if (clinicIds.length === 0) return Promise.resolve([]);
  return listedEndpoints(db, ofClinics(clinicIds)).orderBy(
    desc(t.webhookEndpoints.createdAt),
    desc(t.webhookEndpoints.id),
  );
}

export async function findEndpointOfClinics(
  db: Executor,
  id: string,
  clinicIds: readonly string[],
): Promise<ListedEndpointRow | undefined> {
  if (clinicIds.length === 0) return undefined;
  const [row] = await listedEndpoints(
    db,
    and(eq(t.webhookEndpoints.id, id), ofClinics(clinicIds)),
  ).limit(1);
  return row;
}

/**
 * The endpoint, locked until the transaction ends, if it serves any of the clinics: whether the
 * caller administers all its clinics is decided on the row no one else can change meanwhile.
 */
export async function lockEndpointOfClinics(
  db: Executor,
  id: string,
  clinicIds: readonly string[],
): Promise<EndpointRow | undefined> {
  if (clinicIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(t.webhookEndpoints)
    .where(and(eq(t.webhookEndpoints.id, id), ofClinics(clinicIds)))
    .for('update');
  return row;
}

/**
 * Takes the visit token out of every delivery of the endpoint, sent or waiting: once the
 * permission is withdrawn, no later attempt or resend carries one, and the log keeps none.
 */
export async function dropVisitTokens(db: Executor, endpointId: string) {
  await db
    .update(t.webhookDeliveries)
    .set({ payload: sql`${t.webhookDeliveries.payload} #- '{data,token}'` })
    .where(
      and(
        eq(t.webhookDeliveries.endpointId, endpointId),
        sql`${t.webhookDeliveries.payload} -> 'data' ? 'token'`,
      ),
    );
}

export async function insertEndpoint(db: Executor, values: typeof t.webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(t.webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  db: Executor,
  id: string,
  values: Partial<typeof t.webhookEndpoints.$inferInsert>,
) {
  await db.update(t.webhookEndpoints).set(values).where(eq(t.webhookEndpoints.id, id));
}

export async function deleteEndpoint(db: Executor, id: string) {
  await db.delete(t.webhookEndpoints).where(eq(t.webhookEndpoints.id, id));
}

/** The enabled endpoints that want this event of this clinic, and whether they get visit links. */
export function subscribedEndpoints(db: Executor, clinicId: string, event: string) {
  return prepared(db, 'subscribed_endpoints', (name) =>
    db
      .select({ id: t.webhookEndpoints.id, visitLinks: t.webhookEndpoints.visitLinks })
      .from(t.webhookEndpoints)
      .where(
        and(
          eq(t.webhookEndpoints.enabled, true),
          sql`${sql.placeholder('clinicId')}::uuid = any(${t.webhookEndpoints.clinicIds})`,
          sql`${sql.placeholder('event')}::text = any(${t.webhookEndpoints.events})`,
        ),
      )
      .orderBy(asc(t.webhookEndpoints.id))
      .prepare(name),
  ).execute({ clinicId, event });
}

export async function insertDeliveries(
  db: Executor,
  rows: ReadonlyArray<typeof t.webhookDeliveries.$inferInsert>,
) {
  if (rows.length) await db.insert(t.webhookDeliveries).values([...rows]);
}

export interface ClaimedDelivery {
  delivery: DeliveryRow;
  endpoint: EndpointRow;
}

/**
 * Claims due deliveries of enabled endpoints for one attempt, pushing next_attempt_at forward (a
 * lease): a worker that dies mid-send leaves its rows to be tried again after it. A delivery
 * waits while an earlier one to the same endpoint about the same appointment is still pending
 * (leased ones included), so each receiver sees an appointment's events in order; SKIP LOCKED
 * keeps two instances from claiming the same row.
 */
export async function claimDue(
  db: Executor,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    const d = t.webhookDeliveries;
    const due = await tx
      .select({ id: d.id })
      .from(d)
      .innerJoin(t.webhookEndpoints, eq(t.webhookEndpoints.id, d.endpointId))
      .where(
        and(
          eq(d.status, 'pending'),
          lte(d.nextAttemptAt, now),
          eq(t.webhookEndpoints.enabled, true),
          sql`not exists (
            select 1 from ${d} as earlier
            where earlier.endpoint_id = ${d.endpointId}
              and earlier.appointment_id = ${d.appointmentId}
              and earlier.status = 'pending'
              and earlier.id < ${d.id})`,
        ),
      )
      .orderBy(asc(d.nextAttemptAt), asc(d.id))
      .limit(limit)
      .for('update', { of: d, skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(d)
      .set({
        attempts: sql`${d.attempts} + 1`,
        lastAttemptAt: now,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
      })
      .where(
        inArray(
          d.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    const endpoints = await tx
      .select()
      .from(t.webhookEndpoints)
      .where(inArray(t.webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]));
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    return claimed
      .sort((a, b) => a.id - b.id)
      .map((delivery) => ({ delivery, endpoint: byId.get(delivery.endpointId)! }));
  });
}

export async function markDelivered(
  db: Executor,
  delivery: DeliveryRow,
  responseStatus: number,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(t.webhookDeliveries)
      .set({ status: 'sent', sentAt: now, responseStatus, lastError: null })
      .where(eq(t.webhookDeliveries.id, delivery.id));
    await tx
      .update(t.webhookEndpoints)
      .set({ failingSince: null })
      .where(eq(t.webhookEndpoints.id, delivery.endpointId));
  });
}

/**
 * Records a failed attempt and the next try, and starts the endpoint's run of failures if none is
 * running. Returns when the endpoint began failing.
 */
export async function markFailed(
  db: Executor,
  delivery: DeliveryRow,
  failure: { responseStatus: number | null; error: string; retryAt: Date; now: Date },
): Promise<Date> {
  return db.transaction(async (tx) => {
    await tx
      .update(t.webhookDeliveries)
      .set({
        responseStatus: failure.responseStatus,
        lastError: failure.error.slice(0, 1000),
        nextAttemptAt: failure.retryAt,
      })
      .where(eq(t.webhookDeliveries.id, delivery.id));
    const [endpoint] = await tx
      .update(t.webhookEndpoints)
      .set({ failingSince: sql`coalesce(${t.webhookEndpoints.failingSince}, ${failure.now})` })
      .where(eq(t.webhookEndpoints.id, delivery.endpointId))
      .returning({ failingSince: t.webhookEndpoints.failingSince });
    return endpoint?.failingSince ?? failure.now;
  });
}

/** Disables an endpoint unless it already is; returns whether this call disabled it. */
export async function disableEndpoint(
  db: Executor,
  id: string,
  reason: string,
  now: Date,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(t.webhookEndpoints)
    .set({ enabled: false, disabledAt: now, disabledReason: reason, updatedAt: now })
    .where(and(eq(t.webhookEndpoints.id, id), eq(t.webhookEndpoints.enabled, true)))
    .returning();
  return row;
}

/** The active admins of any of the clinics: they hear that an endpoint was disabled. */
export function adminsOfClinics(db: Executor, clinicIds: readonly string[]) {
  return db
    .selectDistinct({ email: t.users.email, name: t.users.name })
    .from(t.users)
    .innerJoin(t.clinicMembers, eq(t.clinicMembers.userId, t.users.id))
    .where(
      and(
        eq(t.users.role, 'admin'),
        eq(t.users.active, true),
        inArray(t.clinicMembers.clinicId, [...clinicIds]),
      ),
    );
}

/** Deliveries about these clinics only; null for all of them (an admin of all its clinics). */
type ClinicFilter = readonly string[] | null;

const ofDeliveryClinics = (clinicIds: ClinicFilter) =>
  clinicIds === null
    ? undefined
    : sql`${t.webhookDeliveries.clinicId} = any(${sql.param([...clinicIds])}::uuid[])`;

export function listDeliveries(
  db: Executor,
  endpointId: string,
  clinicIds: ClinicFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(t.webhookDeliveries)
    .where(and(eq(t.webhookDeliveries.endpointId, endpointId), ofDeliveryClinics(clinicIds)))
    .orderBy(desc(t.webhookDeliveries.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findDelivery(
  db: Executor,
  endpointId: string,
  clinicIds: ClinicFilter,
  id: number,
) {
  const [row] = await db
    .select()
    .from(t.webhookDeliveries)
    .where(
      and(
        eq(t.webhookDeliveries.id, id),
        eq(t.webhookDeliveries.endpointId, endpointId),
        ofDeliveryClinics(clinicIds),
      ),
    )
    .limit(1);
  return row;
}

/** Due again now; the same row, so the same `webhook-id` and payload. */
export async function requeueDelivery(db: Executor, id: number, now: Date) {
  const [row] = await db
    .update(t.webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(and(eq(t.webhookDeliveries.id, id), eq(t.webhookDeliveries.status, 'sent')))
    .returning();
  return row;
}
