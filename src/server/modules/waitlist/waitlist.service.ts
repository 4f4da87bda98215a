import { isBookableRole } from '@domain/roles';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import type { z } from 'zod';
import { toDateKey, wallClockToUtc } from '@domain/zoned-time';
import type {
  AppointmentOffers,
  waitlistEntryBody,
  WaitlistEntry,
  waitlistQuery,
  WaitlistPage,
} from '@contracts/waitlist';
import type { AppDeps } from '../../app-deps';
import { staffUserIdOf, type RequestContext } from '../../core/request-context';
import type { Executor } from '../../db/client';
import { retryOnDeadlock } from '../../db/errors';
import * as t from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../errors';
import { recordReadAudit } from '../audit';
import { auditEntry } from './entry-audit';
import { addHistory, fillOpening } from './offers';
import * as repo from './waitlist.repository';

type EntryBody = z.output<typeof waitlistEntryBody>;
type Query = z.output<typeof waitlistQuery>;

function clinicOf(ctx: RequestContext, ref: string) {
  const clinic = ctx.user.clinics.find((c) => c.slug === ref || c.id === ref);
  if (!clinic) throw notFound('Clinic not found.');
  return clinic;
}

function scopeIds(ctx: RequestContext, ref: string | undefined): string[] {
  return ref ? [clinicOf(ctx, ref).id] : [...ctx.user.clinicIds];
}

export async function listWaitlist(
  deps: AppDeps,
  ctx: RequestContext,
  q: Query,
): Promise<WaitlistPage> {
  const now = deps.now();
  const filters = {
    clinicIds: scopeIds(ctx, q.clinic),
    providerId: q.providerId,
    priority: q.priority,
    search: q.search,
  };
  const [page, counts] = await Promise.all([
    repo.listEntries(
      deps.db.db,
      { ...filters, filter: q.status, page: q.page, limit: q.limit },
      now,
    ),
    repo.countEntries(deps.db.db, filters, now),
  ]);
  await recordReads(deps, ctx, page.rows);
  return {
    data: page.rows,
    pagination: { hasNextPage: page.hasNextPage, currentPage: q.page },
    counts,
  };
}

async function recordReads(deps: AppDeps, ctx: RequestContext, rows: WaitlistEntry[]) {
  if (rows.length === 0) return;
  await recordReadAudit(
    deps.db.db,
    { userId: ctx.user.id, ip: ctx.ip },
    rows.map((r) => ({
      action: 'read' as const,
      entityType: 'waitlist_entry' as const,
      entityId: r.id,
      patientId: r.patient.id,
    })),
    deps.now(),
  );
}

export async function getEntry(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<WaitlistEntry> {
  const entry = await repo.findEntry(deps.db.db, id, [...ctx.user.clinicIds], deps.now());
  if (!entry) throw notFound('Waitlist entry not found.');
  await recordReads(deps, ctx, [entry]);
  return entry;
}

/** The patient must be the clinic's; a named provider must take appointments there. */
async function checkParties(db: Executor, clinicId: string, body: EntryBody): Promise<void> {
  const [patient] = await db
    .select({ id: t.patients.id })
    .from(t.patients)
    .where(and(eq(t.patients.id, body.patientId), eq(t.patients.clinicId, clinicId)));
  if (!patient) throw notFound('Patient not found in this clinic.');
  if (body.providerId) {
    const [agent] = await db
      .select({ id: t.users.id })
      .from(t.users)
      .innerJoin(t.clinicMembers, eq(t.clinicMembers.userId, t.users.id))
      .where(
        and(
          eq(t.users.id, body.providerId),
          eq(t.clinicMembers.clinicId, clinicId),
          eq(t.users.active, true),
          inArray(t.users.role, ['provider', 'nurse']),
        ),
      );
    if (!agent) {
      throw unprocessable('The chosen provider does not take appointments at this clinic.');
    }
  }
}

const entryValues = (body: EntryBody) => ({
  providerId: body.providerId,
  duration: body.duration,
  windowFrom: body.windowFrom,
  windowTo: body.windowTo,
  weekdays: body.weekdays,
  timesOfDay: body.timesOfDay,
  priority: body.priority,
  notes: body.notes || null,
});

/** Puts a patient on the list; open freed times they suit are offered to them at once. */
export async function createEntry(
  deps: AppDeps,
  ctx: RequestContext,
  body: EntryBody,
): Promise<WaitlistEntry> {
  const clinic = clinicOf(ctx, body.clinic);
  const now = deps.now();
  const by = { userId: staffUserIdOf(ctx), name: ctx.user.name };
  const id = await retryOnDeadlock(() =>
    deps.db.db.transaction(async (tx) => {
      await checkParties(tx, clinic.id, body);
      const [row] = await tx
        .insert(t.waitlistEntries)
        .values({
          clinicId: clinic.id,
          patientId: body.patientId,
          ...entryValues(body),
          createdBy: by.userId,
          updatedBy: by.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: t.waitlistEntries.id });
      await addHistory(tx, row!.id, now, 'ADDED', null, by);
      await auditEntry(tx, {
        action: 'create',
        entryId: row!.id,
        patientId: body.patientId,
        at: now,
        by: { userId: ctx.user.id, ip: ctx.ip },
      });
      await offerOpenTimes(tx, deps, now, clinic.id);
      return row!.id;
    }),
  );
  return (await repo.findEntry(deps.db.db, id, [clinic.id], deps.now()))!;
}

/** Freed times still open at the clinic go to whoever now suits them. */
async function offerOpenTimes(tx: Executor, deps: AppDeps, now: Date, clinicId: string) {
  const openings = await tx
    .select({ id: t.waitlistOpenings.id })
    .from(t.waitlistOpenings)
    .where(
      and(
        eq(t.waitlistOpenings.clinicId, clinicId),
        inArray(t.waitlistOpenings.status, ['open', 'closed']),
        sql`${t.waitlistOpenings.endAt} > ${now}`,
      ),
    )
    .orderBy(t.waitlistOpenings.startAt)
    .limit(50);
  for (const opening of openings) {
    // A closed opening found nobody before; it may find the newcomer.
    await tx
      .update(t.waitlistOpenings)
      .set({ status: 'open' })
      .where(and(eq(t.waitlistOpenings.id, opening.id), eq(t.waitlistOpenings.status, 'closed')));
    await fillOpening(tx, deps, now, opening.id);
  }
}

async function lockWaiting(tx: Executor, ctx: RequestContext, id: string) {
  const [row] = await tx
    .select({
      status: t.waitlistEntries.status,
      clinicId: t.waitlistEntries.clinicId,
      patientId: t.waitlistEntries.patientId,
    })
    .from(t.waitlistEntries)
    .where(
      and(
        eq(t.waitlistEntries.id, id),
        inArray(t.waitlistEntries.clinicId, [...ctx.user.clinicIds]),
      ),
    )
    .for('update');
  if (!row) throw notFound('Waitlist entry not found.');
  if (row.status !== 'waiting') {
    throw conflict(
      row.status === 'booked'
        ? 'This patient has already been booked from the waitlist.'
        : 'This patient has been taken off the waitlist.',
    );
  }
  return row;
}

export async function updateEntry(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: EntryBody,
): Promise<WaitlistEntry> {
  const now = deps.now();
  const by = { userId: staffUserIdOf(ctx), name: ctx.user.name };
  await retryOnDeadlock(() =>
    deps.db.db.transaction(async (tx) => {
      const row = await lockWaiting(tx, ctx, id);
      if (clinicOf(ctx, body.clinic).id !== row.clinicId || body.patientId !== row.patientId) {
        throw unprocessable('An entry stays with its clinic and patient; add a new one instead.');
      }
      await checkParties(tx, row.clinicId, body);
      await tx
        .update(t.waitlistEntries)
        .set({ ...entryValues(body), updatedBy: by.userId, updatedAt: now })
        .where(eq(t.waitlistEntries.id, id));
      await addHistory(tx, id, now, 'UPDATED', null, by);
      await auditEntry(tx, {
        action: 'update',
        entryId: id,
        patientId: row.patientId,
        at: now,
        by: { userId: ctx.user.id, ip: ctx.ip },
      });
      await offerOpenTimes(tx, deps, now, row.clinicId);
    }),
  );
  return getEntry(deps, ctx, id);
}

/** Takes the patient off the list; an offer they have not answered passes to the next. */
export async function removeEntry(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<WaitlistEntry> {
  const now = deps.now();
  const by = { userId: staffUserIdOf(ctx), name: ctx.user.name };
  await retryOnDeadlock(() =>
    deps.db.db.transaction(async (tx) => {
      const row = await lockWaiting(tx, ctx, id);
      await tx
        .update(t.waitlistEntries)
        .set({ status: 'removed', updatedBy: by.userId, updatedAt: now })
        .where(eq(t.waitlistEntries.id, id));
      const withdrawn = await tx
        .update(t.waitlistOffers)
        .set({ status: 'withdrawn', respondedAt: now })
        .where(and(eq(t.waitlistOffers.entryId, id), eq(t.waitlistOffers.status, 'open')))
        .returning({ openingId: t.waitlistOffers.openingId });
      await addHistory(tx, id, now, 'REMOVED', null, by);
      await auditEntry(tx, {
        action: 'remove',
        entryId: id,
        patientId: row.patientId,
        at: now,
        by: { userId: ctx.user.id, ip: ctx.ip },
      });
      for (const offer of withdrawn) await fillOpening(tx, deps, now, offer.openingId);
    }),
  );
  return getEntry(deps, ctx, id);
}

export async function appointmentOffers(
  deps: AppDeps,
  ctx: RequestContext,
  appointmentId: string,
): Promise<AppointmentOffers> {
  return repo.offersOfAppointment(deps.db.db, appointmentId, [...ctx.user.clinicIds]);
}

/** For the dashboard: offers awaiting an answer now, and times filled from the list this month. */
export async function waitlistSummary(
  deps: AppDeps,
  ctx: RequestContext,
  clinicRef: string | undefined,
  timezone: string,
): Promise<{ openOffers: number; filledThisMonth: number }> {
  const now = deps.now();
  const local = new TZDate(now.getTime(), timezone);
  const monthStart = new Date(
    wallClockToUtc(toDateKey(local.getFullYear(), local.getMonth() + 1, 1), 0, timezone),
  );
  // A provider's or nurse's dashboard counts are their own (the dashboard's `own` scope): another
  // provider's open offer is not theirs to count (issue 39).
  const own = isBookableRole(ctx.user.role) ? ctx.user.id : undefined;
  return repo.waitlistSummary(deps.db.db, scopeIds(ctx, clinicRef), now, monthStart, own);
}
