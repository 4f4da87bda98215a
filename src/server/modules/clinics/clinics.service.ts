import { normalizeSearchText } from '@domain/search-text';
import { bookingDuration, offersService } from '@domain/services';
import type { TimeSlot } from '@domain/slots';
import { addDaysToKey, wallClockToUtc } from '@domain/zoned-time';
import {
  PATIENT_SEARCH_LIMIT,
  type AgentView,
  type NewPatient,
  type PatientView,
  type SlotsQuery,
  type SlotsResponse,
} from '@contracts/clinics';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound, unprocessable } from '../../errors';
import { isDuplicate } from '../../db/errors';
import { ERASED_NOT_BOOKABLE, mergedNotBookable } from '../../db/patient-hold';
import type { AuthUser, RequestContext } from '../../core/request-context';
import { auditChange, auditReads } from '../audit';
import { availableSlots, bookingsWindow, outsideDropCutoffs, slotSettings } from '../availability';
import { slotsWithResources } from './slot-resources';
import {
  bufferSettingsOf,
  requireBookingService,
  serviceOfAppointment,
  type BookingService,
} from '../services';
import { requireMemberClinic } from './clinic-scope';
import { READ_REUSE_MS, ReuseCache, versionsKey } from '../../core/reuse';
import * as repo from './clinics.repository';
import * as patientsRepo from './patients.repository';
import { personName } from '@domain/person-name';

const MAX_SLOT_RANGE_DAYS = 62;

export async function listMyClinics(deps: AppDeps, { user }: RequestContext) {
  const rows = await repo.listClinics(deps.db.db, [...user.clinicIds]);
  return rows.map(({ id, slug, name, timezone }) => ({ id, slug, name, timezone }));
}

export async function listClinicAgents(
  deps: AppDeps,
  { user }: RequestContext,
  slug: string,
): Promise<AgentView[]> {
  const clinic = requireMemberClinic(user, slug);
  const agents = await repo.listBookableAgents(deps.db.db, clinic.id);
  return agents.map((a) => ({
    _id: a.id,
    name: a.name,
    email: a.email,
    role: a.role,
    timezone: a.timezone,
  }));
}

/**
 * A patient of the clinic, for a booking; undefined when the clinic has no such patient. One
 * whose personal data was erased (ADR 041) is refused: the record stands only for past visits.
 */
export async function findClinicPatient(db: Executor, clinicId: string, patientId: string) {
  const patient = await patientsRepo.findPatient(db, clinicId, patientId);
  if (patient?.erasedAt) throw conflict(ERASED_NOT_BOOKABLE);
  if (patient?.mergedIntoId) {
    const kept = await patientsRepo.findPatient(db, clinicId, patient.mergedIntoId);
    throw mergedNotBookable(patient.mergedIntoId, kept ? personName(kept) : null);
  }
  return patient;
}

/**
 * One of the clinic's providers and nurses who can be booked, with the schedule the slot engine
 * checks a time against; undefined when the clinic has no such bookable agent. Given a window,
 * with their bookings, live holds and outside busy times in it too (listBookableAgents).
 */
export async function findBookableAgent(
  db: Executor,
  clinicId: string,
  agentId: string,
  window?: repo.BookingsWindow,
) {
  return (await repo.listBookableAgents(db, clinicId, window, agentId)).find(
    (a) => a.id === agentId,
  );
}

export function toPatientView(row: patientsRepo.PatientRow, clinicSlug: string): PatientView {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    dob: row.dob,
    phoneNumber: row.phone,
    source: row.source,
    clinic: clinicSlug,
  };
}

const searchReuse = new ReuseCache<{ rows: patientsRepo.PatientJsonRow[]; text: string }>(200);
/** What a search's audit row says of each patient shown: one object for every entry. */
const VIA_SEARCH = Object.freeze({ via: 'search' });

/** The search's answer as its JSON text (the patients' JSON comes from the database). */
export async function searchPatients(
  deps: AppDeps,
  ctx: RequestContext,
  input: { clinic: string; keyword: string },
): Promise<string> {
  const clinic = requireMemberClinic(ctx.user, input.clinic);
  const keyword = normalizeSearchText(input.keyword);
  if (!keyword) throw badRequest('Enter a name or email to search.');
  // The same keyword at the same clinic is answered again from memory, its text included, while
  // the clinic's data version stands, which moves with each patient added, removed or changed
  // (ADR 025); each read is audited all the same. The keyword goes last in the key: nothing
  // before it holds a "|".
  const versions = versionsKey(ctx.user, [clinic.id]);
  const { rows, text } = await searchReuse.get(
    deps.db.db,
    versions && `${clinic.id}|${versions.join(';')}|${keyword}`,
    deps.now(),
    async () => {
      const found = await patientsRepo.searchPatients(
        deps.db.db,
        clinic,
        keyword,
        PATIENT_SEARCH_LIMIT,
      );
      return { rows: found, text: `[${found.map((r) => r.json).join(',')}]` };
    },
  );
  await auditReads(
    deps,
    ctx,
    'patient',
    rows.map((r) => ({ id: r.id, patientId: r.id })),
    { details: VIA_SEARCH },
  );
  return text;
}

export async function createPatient(
  deps: AppDeps,
  ctx: RequestContext,
  slug: string,
  body: NewPatient,
): Promise<PatientView> {
  const clinic = requireMemberClinic(ctx.user, slug);
  const duplicateMessage = (name: string) => `A patient with this email already exists: ${name}.`;
  const existing = body.email
    ? await patientsRepo.findPatientByEmail(deps.db.db, clinic.id, body.email)
    : undefined;
  if (existing) {
    throw conflict(duplicateMessage(personName(existing)), {
      existingPatientId: existing.id,
    });
  }
  try {
    const row = await deps.db.db.transaction(async (tx) => {
      const inserted = await patientsRepo.insertPatient(tx, {
        clinicId: clinic.id,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        dob: body.dob ?? null,
        phone: body.phone ?? null,
        source: body.source ?? 'front-desk',
        searchText: normalizeSearchText(body.firstName, body.lastName, body.email),
      });
      await auditChange(
        tx,
        ctx,
        { action: 'create', entityType: 'patient', entityId: inserted.id, patientId: inserted.id },
        deps.now(),
      );
      return inserted;
    });
    return toPatientView(row, clinic.slug);
  } catch (err) {
    // Two people adding the same patient at once: the unique index decides, and we name the winner.
    if (isDuplicate(err) && body.email) {
      const winner = await patientsRepo.findPatientByEmail(deps.db.db, clinic.id, body.email);
      if (winner)
        throw conflict(duplicateMessage(personName(winner)), {
          existingPatientId: winner.id,
        });
    }
    throw err;
  }
}

export async function clinicSlots(
  deps: AppDeps,
  { user }: RequestContext,
  slug: string,
  query: SlotsQuery,
  /** bookedService: the service is an appointment's own, kept even if since archived. */
  options: { bookedService?: boolean } = {},
) {
  const clinic = requireMemberClinic(user, slug);
  const timezone = query.timezone ?? clinic.timezone;
  if (query.to < query.from) throw badRequest('The end date must not be before the start date.');
  const lastKey = addDaysToKey(query.from, MAX_SLOT_RANGE_DAYS - 1);
  if (query.to > lastKey)
    throw badRequest(`Ask for at most ${MAX_SLOT_RANGE_DAYS} days of slots at a time.`);
  const rangeStart = new Date(wallClockToUtc(query.from, 0, timezone));
  const rangeEnd = new Date(wallClockToUtc(addDaysToKey(query.to, 1), 0, timezone));
  const now = deps.now();
  const versions = versionsKey(user, [clinic.id]);
  const service = options.bookedService
    ? await serviceOfAppointment(deps.db.db, clinic.id, query.serviceId ?? null)
    : await reusedBookingService(deps, clinic.id, query.serviceId, versions, now);
  if (query.resourceId && service.need.kind === 'none')
    throw unprocessable(
      `${service.name} needs no room or equipment: ask for its times without one.`,
    );
  const settings = slotSettings(deps.config, bufferSettingsOf(service), clinic.id);
  // The longest length any agent books the service for sizes the window of bookings read.
  const longest = Math.max(
    query.duration ?? 0,
    ...service.durations,
    ...service.agents.map((a) => a.durationMinutes ?? 0),
  );
  const window = {
    ...bookingsWindow(settings, longest, rangeStart, rangeEnd),
    now,
    ...outsideDropCutoffs(now, settings.outsideDropAfterHours),
  };
  const compute = async () => {
    const input = query.excludeAppointmentId
      ? { agents: await repo.listBookableAgents(deps.db.db, clinic.id), readAt: now.getTime() }
      : await reusedSlotAgents(deps, user, clinic.id, window);
    let { agents } = input;
    if (query.agentId) {
      agents = agents.filter((a) => a.id === query.agentId);
      if (agents.length === 0)
        throw notFound('That provider does not take appointments at this clinic.');
    }
    // Each agent who offers the service, at the length asked for if it is one of theirs, or at
    // their first (ADR 044); agents of one length share one run of the engine.
    const byLength = new Map<number, typeof agents>();
    for (const agent of agents) {
      if (!offersService(service, agent.id)) continue;
      const length = bookingDuration(service, agent.id, query.duration);
      if (!length.ok) continue;
      byLength.set(length.minutes, [...(byLength.get(length.minutes) ?? []), agent]);
    }
    const runs = await Promise.all(
      [...byLength].map(([durationMinutes, group]) =>
        availableSlots(deps.db.db, {
          agents: group,
          rangeStart,
          rangeEnd,
          durationMinutes,
          now,
          settings,
          excludeAppointmentId: query.excludeAppointmentId,
        }),
      ),
    );
    const free = runs.length === 1 ? runs[0]!.slots : mergeSlotRuns(runs.map((r) => r.slots));
    let stableUntil = Math.min(Infinity, ...runs.map((r) => r.stableUntil));
    // A service that needs a room or machine is offered only with one free (ADR 045).
    const withResources = await slotsWithResources(deps, {
      clinic,
      service,
      slots: free,
      window: { from: rangeStart, to: rangeEnd, now },
      versions,
      only: query.resourceId,
      excludeAppointmentId: query.excludeAppointmentId,
    });
    stableUntil = Math.min(stableUntil, withResources.stableUntil);
    const answer = withResources.withoutResource
      ? {
          timezone,
          slots: Object.freeze(withResources.slots),
          withoutResource: Object.freeze(withResources.withoutResource),
        }
      : { timezone, slots: Object.freeze(free) };
    // Frozen: a reused answer is shared by every request that gets it.
    return {
      answer: Object.freeze(answer) as SlotsResponse,
      // No later than its input may be reused.
      until: Math.min(stableUntil, input.readAt + READ_REUSE_MS),
    };
  };
  // The answer is reused on its input's terms (the clinic's version, READ_REUSE_MS from when the
  // input was read) and only while time alone leaves it as it is: until the first offered start
  // enters the notice or a hold it counts expires (ADR 029). A request that leaves an
  // appointment out (moving it) computes afresh.
  const key =
    !query.excludeAppointmentId &&
    versions &&
    `${clinic.id}|${rangeStart.getTime()}|${rangeEnd.getTime()}|${query.duration ?? ''}|` +
      `${service.id}|${query.agentId ?? ''}|${query.resourceId ?? ''}|${timezone}|` +
      versions.join(';');
  const { answer } = await slotAnswersReuse.get(
    deps.db.db,
    key || null,
    now,
    compute,
    (v) => v.until,
  );
  return answer;
}

/** Runs of the engine for agents of different lengths, in the engine's own order. */
function mergeSlotRuns(runs: ReadonlyArray<readonly TimeSlot[]>): TimeSlot[] {
  return runs
    .flat()
    .sort(
      (a, b) =>
        compareText(a.startTime, b.startTime) ||
        compareText(a.agentName, b.agentName) ||
        compareText(a.agentId, b.agentId),
    );
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const serviceReuse = new ReuseCache<BookingService>(200);

/** The service a slots request is for, reused while the clinic's data version stands. */
function reusedBookingService(
  deps: AppDeps,
  clinicId: string,
  serviceId: string | undefined,
  versions: ReturnType<typeof versionsKey>,
  now: Date,
) {
  const key = versions && `${clinicId}|${serviceId ?? 'default'}|${versions.join(';')}`;
  return serviceReuse.get(deps.db.db, key, now, () =>
    requireBookingService(deps.db.db, clinicId, serviceId),
  );
}

type SlotAgentRows = Awaited<ReturnType<typeof repo.listBookableAgents>>;
const slotAgentsReuse = new ReuseCache<{ agents: SlotAgentRows; readAt: number }>(200);
const slotAnswersReuse = new ReuseCache<{ answer: SlotsResponse; until: number }>(200);

/** How many slot answers are kept for this database now. */
export function slotAnswersHeld(db: object): number {
  return slotAnswersReuse.held(db);
}

/**
 * The clinic's bookable agents with their weeks, bookings and holds around a range: the slot
 * engine's input, reused while the clinic's data version stands (ADR 025), which moves with
 * everything this input holds, with when it was read. What the version cannot follow is time:
 * the engine runs at the request's `now` (notice and horizon), and holds are kept only until
 * they expire. A failing outside calendar that stops blocking once a day has passed (ADR 053)
 * stops at most READ_REUSE_MS late, as a reused answer would.
 */
async function reusedSlotAgents(
  deps: AppDeps,
  user: AuthUser,
  clinicId: string,
  window: repo.BookingsWindow,
): Promise<{ agents: SlotAgentRows; readAt: number }> {
  const versions = versionsKey(user, [clinicId]);
  // A string key: JSON.stringify of the dates was 2–3 % of a slots request's time.
  const key =
    versions && `${clinicId}|${window.from.getTime()}|${window.to.getTime()}|${versions.join(';')}`;
  const input = await slotAgentsReuse.get(deps.db.db, key, window.now, async () => ({
    agents: await repo.listBookableAgents(deps.db.db, clinicId, window),
    readAt: window.now.getTime(),
  }));
  const expired = (h: { expiresAt: Date }) => h.expiresAt <= window.now;
  if (!input.agents.some((a) => a.holds?.some(expired))) return input;
  return {
    agents: input.agents.map((a) => ({ ...a, holds: a.holds?.filter((h) => !expired(h)) })),
    readAt: input.readAt,
  };
}

/** Who books online: the clinic's patient with that e-mail, or a new one when the clinic allows. */
export async function matchOnlinePatient(
  tx: Executor,
  clinicId: string,
  person: { firstName: string; lastName: string; email: string; phone: string; dob: string },
  allowNew: boolean,
) {
  const known = await patientsRepo.findPatientByEmail(tx, clinicId, person.email);
  if (known) return { patient: known, created: false };
  if (!allowNew) return null;
  const patient = await patientsRepo.insertPatient(tx, {
    clinicId,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    dob: person.dob,
    phone: person.phone,
    source: 'online',
    searchText: normalizeSearchText(person.firstName, person.lastName, person.email),
  });
  return { patient, created: true };
}

/** A clinic found by its slug, with its online booking rules (public pages; no membership). */
export function findOnlineBookingClinic(db: Executor, slug: string) {
  return repo.findClinicOnlineBooking(db, slug);
}
