// A staff member's busy times from their outside calendars (ADR 053) as the slots, the
// bookings' check and the calendar read them, and when a failing calendar stops blocking.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import * as t from '../../db/schema';

/** How long a failing outside calendar keeps blocking where a clinic's setting says so (a day). */
export const CLINIC_DROP_FAILING_AFTER_MS = 86_400_000;

/**
 * The cut-offs of `outsideCalendarBlocks` at `now`: the server's (OUTSIDE_CALENDAR_DROP_AFTER_HOURS,
 * none when unset) and the clinics' (a day ago).
 */
export function outsideDropCutoffs(now: Date, dropAfterHours: number | undefined) {
  return {
    dropBefore:
      dropAfterHours === undefined ? null : new Date(now.getTime() - dropAfterHours * 3_600_000),
    failingSince: new Date(now.getTime() - CLINIC_DROP_FAILING_AFTER_MS),
  };
}

/**
 * When a busy time of the outside calendar `c` still blocks (ADR 053): by default always,
 * however old its last sync. A calendar failing since before `dropBefore` (only when the server
 * says so) no longer blocks; nor, in a clinic whose setting says so, one failing since before
 * `clinicDrop.failingSince` (a day ago). `clinicDrop.clinicId` is that clinic: an id, or a column
 * of the statement's own rows; one subquery on the clinic's row, no extra round trip. The slots
 * and the calendar's blocks both ask this, so a block is drawn exactly where it blocks.
 *
 * In a prepared statement the cut-offs are placeholders (SQL): `dropBefore` then may be bound to
 * null (the server drops nothing), so the condition says so itself.
 */
export function outsideCalendarBlocks(
  c: typeof t.outsideCalendars,
  dropBefore: Date | SQL | null,
  clinicDrop: { clinicId: string | AnyPgColumn | SQL; failingSince: Date | SQL } | null,
): SQL | undefined {
  const instant = (at: Date | SQL) =>
    at instanceof Date ? sql`${at.toISOString()}::timestamptz` : sql`${at}::timestamptz`;
  return and(
    dropBefore instanceof Date
      ? sql`(${c.lastError} is null or ${c.lastSyncedAt} >= ${instant(dropBefore)})`
      : dropBefore
        ? sql`(${c.lastError} is null or ${instant(dropBefore)} is null
            or ${c.lastSyncedAt} >= ${instant(dropBefore)})`
        : undefined,
    clinicDrop
      ? sql`(${c.lastError} is null or ${c.lastSyncedAt} >= ${instant(clinicDrop.failingSince)}
          or not exists (select 1 from ${t.clinics} where ${t.clinics.id} = ${clinicDrop.clinicId}
            and ${t.clinics.outsideCalendarDropFailing}))`
      : undefined,
  );
}

/**
 * Busy times imported from the agents' outside calendars (ADR 053) that overlap [from, to), as
 * far as they block (`outsideCalendarBlocks`); `clinicDrop` names the clinic that asks.
 */
export function loadOutsideBusy(
  db: Executor,
  agentIds: readonly string[],
  from: Date,
  to: Date,
  dropBefore: Date | null,
  clinicDrop: { clinicId: string; failingSince: Date } | null = null,
) {
  if (agentIds.length === 0) return Promise.resolve([]);
  const b = t.outsideBusyTimes;
  const c = t.outsideCalendars;
  return db
    .select({ agentId: b.staffId, start: b.startAt, end: b.endAt })
    .from(b)
    .innerJoin(c, eq(c.id, b.calendarId))
    .where(
      and(
        inArray(b.staffId, [...agentIds]),
        sql`${b.during} && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
        outsideCalendarBlocks(c, dropBefore, clinicDrop),
      ),
    );
}

/**
 * Outside busy times of the agents of the given clinics that overlap [from, to), by start, for
 * the calendar's blocks: only those that block (`outsideCalendarBlocks`, the slots' own rule) in
 * at least one of those clinics the agent works in. `dropBefore` and `failingSince` as there.
 */
export function outsideBusyInClinics(
  db: Executor,
  input: {
    clinicIds: readonly string[];
    agentIds?: readonly string[];
    from: Date;
    to: Date;
    dropBefore: Date | null;
    failingSince: Date;
  },
) {
  if (input.clinicIds.length === 0) return Promise.resolve([]);
  const b = t.outsideBusyTimes;
  const c = t.outsideCalendars;
  const m = t.clinicMembers;
  return db
    .selectDistinct({ agentId: b.staffId, start: b.startAt, end: b.endAt })
    .from(b)
    .innerJoin(m, eq(m.userId, b.staffId))
    .innerJoin(c, eq(c.id, b.calendarId))
    .where(
      and(
        inArray(m.clinicId, [...input.clinicIds]),
        input.agentIds ? inArray(b.staffId, [...input.agentIds]) : undefined,
        sql`${b.startAt} < ${input.to}`,
        sql`${b.endAt} > ${input.from}`,
        outsideCalendarBlocks(c, input.dropBefore, {
          clinicId: m.clinicId,
          failingSince: input.failingSince,
        }),
      ),
    )
    .orderBy(asc(b.startAt), asc(b.staffId));
}
