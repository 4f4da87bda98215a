import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { insertPrepared } from '../../db/prepared-insert';
import * as t from '../../db/schema';

export type OutboxRow = typeof t.outbox.$inferSelect;

/**
 * Claims due messages for one delivery attempt. The claim pushes next_attempt_at forward (a
 * lease), so a worker that dies mid-send leaves them to be retried, and SKIP LOCKED keeps two
 * instances from claiming the same row.
 */
export async function claimDue(
  db: Executor,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: t.outbox.id })
      .from(t.outbox)
      .where(and(eq(t.outbox.status, 'pending'), lte(t.outbox.nextAttemptAt, now)))
      .orderBy(asc(t.outbox.nextAttemptAt), asc(t.outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(t.outbox)
      .set({
        attempts: sql`${t.outbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
      })
      .where(
        inArray(
          t.outbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markSent(db: Executor, id: number, now: Date) {
  await db
    .update(t.outbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(eq(t.outbox.id, id));
}

export async function markFailedAttempt(
  db: Executor,
  id: number,
  error: string,
  next: { retryAt: Date } | { giveUp: true },
) {
  await db
    .update(t.outbox)
    .set(
      'giveUp' in next
        ? { status: 'failed', lastError: error.slice(0, 1000) }
        : { lastError: error.slice(0, 1000), nextAttemptAt: next.retryAt },
    )
    .where(eq(t.outbox.id, id));
}

/**
 * Messages of the given clinics' appointments, newest first; of those about no appointment (a
 * notice to admins), only the ones sent to the viewer, since they name another clinic's systems.
 */
export async function listForClinics(
  db: Executor,
  clinicIds: readonly string[],
  filter: { status?: string; kind?: string; limit: number; offset: number; viewerEmail: string },
) {
  const inClinics = clinicIds.length
    ? sql`${t.outbox.appointmentId} in (select id from ${t.appointments} where ${inArray(t.appointments.clinicId, [...clinicIds])})`
    : sql`false`;
  const toViewer = sql`${t.outbox.appointmentId} is null and exists (
    select 1 from jsonb_array_elements(${t.outbox.recipients}) r
    where lower(r ->> 'email') = ${filter.viewerEmail.toLowerCase()})`;
  return db
    .select()
    .from(t.outbox)
    .where(
      and(
        or(inClinics, toViewer),
        filter.status ? eq(t.outbox.status, filter.status) : undefined,
        filter.kind ? eq(t.outbox.kind, filter.kind) : undefined,
      ),
    )
    .orderBy(desc(t.outbox.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export async function findOne(db: Executor, id: number) {
  const [row] = await db.select().from(t.outbox).where(eq(t.outbox.id, id)).limit(1);
  return row;
}

export async function requeue(db: Executor, id: number, now: Date) {
  const [row] = await db
    .update(t.outbox)
    .set({ status: 'pending', nextAttemptAt: now, attempts: 0, lastError: null })
    .where(eq(t.outbox.id, id))
    .returning();
  return row;
}

export async function clinicOfAppointment(db: Executor, appointmentId: string) {
  const [row] = await db
    .select({ clinicId: t.appointments.clinicId })
    .from(t.appointments)
    .where(eq(t.appointments.id, appointmentId))
    .limit(1);
  return row?.clinicId;
}

/** Staff who turned off emails of this kind (users.notification_prefs[event] = false). */
export async function staffOptedOut(
  db: Executor,
  emails: readonly string[],
  event: string,
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: t.users.email })
    .from(t.users)
    .where(
      and(
        inArray(
          sql`lower(${t.users.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
        sql`(${t.users.notificationPrefs} ->> ${event}) = 'false'`,
      ),
    );
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

/**
 * Messages are due from the change's own time (the app's clock, the database's in production),
 * not from whenever the insert's default would say: a worker on the same clock then finds them.
 */
export async function insertOutbox(
  db: Executor,
  rows: ReadonlyArray<typeof t.outbox.$inferInsert>,
  now: Date,
) {
  if (rows.length) {
    await insertPrepared(
      db,
      t.outbox,
      rows.map((row) => ({ createdAt: now, nextAttemptAt: now, ...row })),
    );
  }
}
