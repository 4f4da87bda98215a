import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { BusyInstance } from '@domain/outside-busy';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

export type OutsideCalendarRow = typeof t.outsideCalendars.$inferSelect;

const c = t.outsideCalendars;

export async function insertCalendar(db: Executor, values: typeof c.$inferInsert) {
  const [row] = await db.insert(c).values(values).returning();
  return row!;
}

export function listCalendarsOf(db: Executor, staffId: string) {
  return db.select().from(c).where(eq(c.staffId, staffId)).orderBy(asc(c.createdAt), asc(c.id));
}

/**
 * The calendars of every staff member of the given clinics (an admin's), with their owners, by
 * owner's name: a member of any of them is enough, a calendar is listed once.
 */
export function listCalendarsOfClinics(db: Executor, clinicIds: readonly string[]) {
  if (clinicIds.length === 0) return Promise.resolve([]);
  const u = t.users;
  return db
    .select({
      calendar: c,
      staff: { id: u.id, name: u.name, email: u.email, role: u.role },
    })
    .from(c)
    .innerJoin(u, eq(u.id, c.staffId))
    .where(
      sql`exists (select 1 from ${t.clinicMembers} m where m.user_id = ${c.staffId}
        and m.clinic_id in (${sql.join(
          clinicIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}))`,
    )
    .orderBy(asc(u.name), asc(c.createdAt), asc(c.id));
}

export async function findCalendar(db: Executor, id: string) {
  const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1);
  return row;
}

export async function deleteCalendar(db: Executor, id: string) {
  const gone = await db.delete(c).where(eq(c.id, id)).returning({ id: c.id });
  return gone.length > 0;
}

/**
 * Takes the calendars due for a sync (never tried, or last tried `intervalMs` ago) that no live
 * worker holds, and holds them for `leaseMs`: two instances never sync one calendar at once,
 * and a worker that died lets go when its lease runs out.
 */
export function claimDue(
  db: Executor,
  now: Date,
  intervalMs: number,
  leaseMs: number,
  limit: number,
): Promise<OutsideCalendarRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: c.id })
      .from(c)
      .where(
        and(
          or(isNull(c.lastAttemptAt), lt(c.lastAttemptAt, new Date(now.getTime() - intervalMs))),
          or(isNull(c.leasedUntil), lt(c.leasedUntil, now)),
        ),
      )
      .orderBy(sql`${c.lastAttemptAt} asc nulls first`, asc(c.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(c)
      .set({ leasedUntil: new Date(now.getTime() + leaseMs), lastAttemptAt: now })
      .where(
        inArray(
          c.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Holds one calendar for a sync asked for now; undefined when a sync of it is under way. */
export async function claimOne(db: Executor, id: string, now: Date, leaseMs: number) {
  const [row] = await db
    .update(c)
    .set({ leasedUntil: new Date(now.getTime() + leaseMs), lastAttemptAt: now })
    .where(and(eq(c.id, id), or(isNull(c.leasedUntil), lt(c.leasedUntil, now))))
    .returning();
  return row;
}

export function loadObjects(db: Executor, calendarId: string) {
  const o = t.outsideCalendarObjects;
  return db.select({ href: o.href, etag: o.etag }).from(o).where(eq(o.calendarId, calendarId));
}

export interface ObjectBusy {
  href: string;
  etag: string | null;
  busy: readonly BusyInstance[];
}

export interface SyncOutcome {
  /** Objects read again, their busy times replacing what they had. */
  changed: readonly ObjectBusy[];
  /** Objects gone from the calendar: their busy times go with them. */
  deleted: readonly string[];
  /** Every object not in `changed` goes (a full read). */
  replaceAll: boolean;
  syncToken: string | null;
  ctag: string | null;
  etag: string | null;
  busyUntil: Date;
}

const BUSY_BATCH = 2_000;

/**
 * Writes one sync's result in one transaction: objects and their busy times replaced, gone ones
 * removed (their busy times cascade), the calendar's state and, when busy times changed, its
 * busy_version (whose trigger moves the owner's clinics' data versions).
 */
export async function applySync(
  db: Executor,
  calendar: Pick<OutsideCalendarRow, 'id' | 'staffId'>,
  outcome: SyncOutcome,
  now: Date,
): Promise<void> {
  const o = t.outsideCalendarObjects;
  const b = t.outsideBusyTimes;
  await db.transaction(async (tx) => {
    const hrefs = outcome.changed.map((x) => x.href);
    if (outcome.replaceAll) {
      await tx.delete(o).where(eq(o.calendarId, calendar.id));
    } else {
      const gone = [...outcome.deleted, ...hrefs];
      if (gone.length > 0) {
        await tx.delete(o).where(and(eq(o.calendarId, calendar.id), inArray(o.href, gone)));
      }
    }
    if (outcome.changed.length > 0) {
      await tx
        .insert(o)
        .values(
          outcome.changed.map((x) => ({ calendarId: calendar.id, href: x.href, etag: x.etag })),
        );
    }
    const rows = outcome.changed.flatMap((x) =>
      x.busy.map((busy) => ({
        calendarId: calendar.id,
        href: x.href,
        staffId: calendar.staffId,
        uid: busy.uid,
        instance: busy.instance,
        startAt: busy.start,
        endAt: busy.end,
      })),
    );
    for (let i = 0; i < rows.length; i += BUSY_BATCH) {
      await tx.insert(b).values(rows.slice(i, i + BUSY_BATCH));
    }
    const touched = outcome.replaceAll || outcome.changed.length > 0 || outcome.deleted.length > 0;
    await tx
      .update(t.outsideCalendars)
      .set({
        syncToken: outcome.syncToken,
        ctag: outcome.ctag,
        etag: outcome.etag,
        busyUntil: outcome.busyUntil,
        lastSyncedAt: now,
        lastError: null,
        leasedUntil: null,
        ...(touched ? { busyVersion: sql`${t.outsideCalendars.busyVersion} + 1` } : {}),
      })
      .where(eq(t.outsideCalendars.id, calendar.id));
  });
}

/** A sync that failed: its words kept for the owner; the busy times already known stay. */
export async function recordFailure(db: Executor, id: string, error: string) {
  await db
    .update(c)
    .set({ lastError: error.slice(0, 500), leasedUntil: null })
    .where(eq(c.id, id));
}

/** A sync that found nothing new: only when it last succeeded moves. */
export async function recordUnchanged(db: Executor, id: string, now: Date) {
  await db
    .update(c)
    .set({ lastSyncedAt: now, lastError: null, leasedUntil: null })
    .where(eq(c.id, id));
}

/** The owner's own time zone: the zone all-day events are read in when a calendar names none. */
export async function ownerZoneOf(db: Executor, staffId: string): Promise<string | null> {
  const [row] = await db
    .select({ timezone: t.users.timezone })
    .from(t.users)
    .where(eq(t.users.id, staffId))
    .limit(1);
  return row?.timezone ?? null;
}
