import { isBookableRole } from '@domain/roles';
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
import { holdPatientsForBooking } from '../../db/patient-hold';
import { conflict, notFound, unprocessable } from '../../errors';
import { auditReads } from '../audit';
import { auditEntry } from './entry-audit';
import { addHistory } from './entry-history';
import { fillOpening } from './offers';
import * as offersRepo from './offers.repository';
import * as openingsRepo from './openings.repository';
import * as repo from './waitlist.repository';
import { requireBookingService, requireServiceLength } from '../services';
import { describeDurations } from '@domain/services';

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
    agentId: q.providerId,
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
  await auditReads(
    deps,
    ctx,
    'waitlist_entry',
    rows.map((r) => ({ id: r.id, patientId: r.patient.id })),
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

/** The patient must be the clinic's; a named agent must take appointments there. */
async function checkParties(db: Executor, clinicId: string, body: EntryBody): Promise<void> {
  if (!(await repo.isClinicPatient(db, clinicId, body.patientId))) {
    throw notFound('Patient not found in this clinic.');
  }
  // Held until the entry commits: a merge of this record waits and moves it, or came first and
  // refuses it (ADR 042).
  await holdPatientsForBooking(db, [body.patientId]);
  if (body.providerId && !(await repo.takesAppointmentsAt(db, clinicId, body.providerId))) {
    throw unprocessable('The chosen provider does not take appointments at this clinic.');
  }
  // The service waited for must be one the clinic books, at a length it takes (ADR 044).
  if (body.serviceId) {
    const service = await requireBookingService(db, clinicId, body.serviceId);
    if (body.providerId) requireServiceLength(service, body.providerId, body.duration);
    else if (!service.isDefault && !service.durations.includes(body.duration)) {
      throw unprocessable(`${service.name} takes ${describeDurations(service.durations)}.`);
    }
  }
}

const entryValues = (body: EntryBody): repo.EntryWishes => ({
  agentId: body.providerId,
  serviceId: body.serviceId ?? null,
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
      const entryId = await repo.insertEntry(tx, {
        clinicId: clinic.id,
        patientId: body.patientId,
        ...entryValues(body),
        by: by.userId,
        at: now,
      });
      await addHistory(tx, entryId, now, 'ADDED', null, by);
      await auditEntry(tx, {
        action: 'create',
        entryId,
        patientId: body.patientId,
        at: now,
        by: { userId: ctx.user.id, ip: ctx.ip },
      });
      await offerOpenTimes(tx, deps, now, clinic.id);
      return entryId;
    }),
  );
  return (await repo.findEntry(deps.db.db, id, [clinic.id], deps.now()))!;
}

/** Freed times still open at the clinic go to whoever now suits them. */
async function offerOpenTimes(tx: Executor, deps: AppDeps, now: Date, clinicId: string) {
  for (const openingId of await openingsRepo.openingsAhead(tx, clinicId, now)) {
    // A closed opening found nobody before; it may find the newcomer.
    await openingsRepo.reopenOpening(tx, openingId);
    await fillOpening(tx, deps, now, openingId);
  }
}

async function lockWaiting(tx: Executor, ctx: RequestContext, id: string) {
  const row = await repo.lockEntry(tx, id, [...ctx.user.clinicIds]);
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

/**
 * One staff change of a waiting entry, in one transaction: the entry locked while still waiting,
 * the change, its history entry and its audit row; answers the entry as it now stands.
 */
async function changeWaitingEntry(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  change: {
    history: 'UPDATED' | 'REMOVED';
    audit: 'update' | 'remove';
    apply: (
      tx: Executor,
      row: Awaited<ReturnType<typeof lockWaiting>>,
      now: Date,
      by: { userId: string | null; name: string },
    ) => Promise<() => Promise<void>>;
  },
): Promise<WaitlistEntry> {
  const now = deps.now();
  const by = { userId: staffUserIdOf(ctx), name: ctx.user.name };
  await retryOnDeadlock(() =>
    deps.db.db.transaction(async (tx) => {
      const row = await lockWaiting(tx, ctx, id);
      const after = await change.apply(tx, row, now, by);
      await addHistory(tx, id, now, change.history, null, by);
      await auditEntry(tx, {
        action: change.audit,
        entryId: id,
        patientId: row.patientId,
        at: now,
        by: { userId: ctx.user.id, ip: ctx.ip },
      });
      // What the change frees or opens up is offered last, after it is recorded.
      await after();
    }),
  );
  return getEntry(deps, ctx, id);
}

export async function updateEntry(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: EntryBody,
): Promise<WaitlistEntry> {
  return changeWaitingEntry(deps, ctx, id, {
    history: 'UPDATED',
    audit: 'update',
    apply: async (tx, row, now, by) => {
      if (clinicOf(ctx, body.clinic).id !== row.clinicId || body.patientId !== row.patientId) {
        throw unprocessable('An entry stays with its clinic and patient; add a new one instead.');
      }
      await checkParties(tx, row.clinicId, body);
      await repo.updateEntry(tx, id, { ...entryValues(body), by: by.userId, at: now });
      return () => offerOpenTimes(tx, deps, now, row.clinicId);
    },
  });
}

/** Takes the patient off the list; an offer they have not answered passes to the next. */
export async function removeEntry(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<WaitlistEntry> {
  return changeWaitingEntry(deps, ctx, id, {
    history: 'REMOVED',
    audit: 'remove',
    apply: async (tx, _row, now, by) => {
      await repo.updateEntry(tx, id, { status: 'removed', by: by.userId, at: now });
      const withdrawn = await offersRepo.withdrawOpenOffers(tx, id, now);
      return async () => {
        for (const offer of withdrawn) await fillOpening(tx, deps, now, offer.openingId);
      };
    },
  });
}

export async function appointmentOffers(
  deps: AppDeps,
  ctx: RequestContext,
  appointmentId: string,
): Promise<AppointmentOffers> {
  return offersRepo.offersOfAppointment(deps.db.db, appointmentId, [...ctx.user.clinicIds]);
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
  // An agent's dashboard counts are their own (the dashboard's `own` scope): another agent's
  // open offer is not theirs to count (ADR 034).
  const own = isBookableRole(ctx.user.role) ? ctx.user.id : undefined;
  return offersRepo.waitlistSummary(deps.db.db, scopeIds(ctx, clinicRef), now, monthStart, own);
}
