import { count, sql } from 'drizzle-orm';
import { seriesOccurrences } from '@domain/recurrence';
import { availabilityIntervals } from '@domain/schedule';
import { hashPassword } from '../security/password';
import { newSessionToken } from '../security/session-token';
import { replanClinicReminders } from '../modules/notifications';
import type { DbHandle, Executor } from './client';
import { MIGRATION_LOCK_KEY } from './migrate';
import * as t from './schema';
import { DEMO_CLINICS, DEMO_PASSWORD, DEMO_USERS } from './seed-plan';
import {
  DAY,
  MINUTE,
  historyFor,
  loadFakers,
  makePatients,
  planAppointments,
  type PlannedAppointment,
} from './seed-generate';

const SOURCE = 'carebook';

export interface SeedSummary {
  clinics: number;
  users: number;
  patients: number;
  appointments: number;
  events: number;
}

/**
 * Seeds the demo data only into a database that has no clinic yet; returns null otherwise, also
 * when another instance starting at the same time seeded it first. The check and the writing run
 * in one transaction under the migrations' advisory lock: a second instance waits for the first
 * to commit, then finds its clinics (checking before the lock let both seed, and one crash on
 * the clinics' unique slug).
 */
export async function seedDemoIfEmpty(
  handle: DbHandle,
  options: { now: Date },
): Promise<SeedSummary | null> {
  // Every start after the first finds clinics: it neither hashes nor waits for the lock.
  const [existing] = await handle.db.select({ n: count() }).from(t.clinics);
  if ((existing?.n ?? 0) > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return handle.db.transaction(async (tx) => {
    // The first instance's seed may take longer than one statement may: waiting is not a fault.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    const [row] = await tx.select({ n: count() }).from(t.clinics);
    if ((row?.n ?? 0) > 0) return null;
    return writeDemo(tx, options.now, passwordHash);
  });
}

/** Writes the whole demo clinic group in one transaction: all of it or none of it. */
export async function seedDemo(handle: DbHandle, options: { now: Date }): Promise<SeedSummary> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return handle.db.transaction(async (tx) => writeDemo(tx, options.now, passwordHash));
}

async function writeDemo(tx: Executor, now: Date, passwordHash: string): Promise<SeedSummary> {
  const fakers = await loadFakers();
  const clinicRows = await tx
    .insert(t.clinics)
    .values(
      DEMO_CLINICS.map(({ slug, name, timezone, locale, phone, address }) => ({
        slug,
        name,
        timezone,
        phone,
        address,
        // Patients' local numbers are read in the clinic's country (ADR 050): en_GB's is GB.
        textCountry: locale.slice(-2),
      })),
    )
    .returning();
  const clinicIdBySlug = new Map(clinicRows.map((c) => [c.slug, c.id]));

  const userRows = await tx
    .insert(t.users)
    .values(
      DEMO_USERS.map((u) => ({
        email: u.email,
        name: u.name,
        role: u.role,
        timezone: u.timezone,
        passwordHash: u.canSignIn ? passwordHash : null,
      })),
    )
    .returning();
  const userByEmail = new Map(userRows.map((u) => [u.email, u]));

  await tx.insert(t.clinicMembers).values(
    DEMO_USERS.flatMap((u) =>
      u.clinics.map((slug) => ({
        userId: userByEmail.get(u.email)!.id,
        clinicId: clinicIdBySlug.get(slug)!,
      })),
    ),
  );

  const agents = DEMO_USERS.filter((u) => u.weekly);
  await tx.insert(t.schedules).values(
    agents.map((u) => ({
      agentId: userByEmail.get(u.email)!.id,
      timezone: u.timezone,
      weekly: u.weekly,
    })),
  );

  let patientCount = 0;
  let appointmentCount = 0;
  let eventCount = 0;
  for (const clinic of DEMO_CLINICS) {
    const faker = fakers[clinic.locale];
    faker.seed(clinic.slug.length * 7919 + 17);
    const clinicId = clinicIdBySlug.get(clinic.slug)!;
    const patientRows = await tx
      .insert(t.patients)
      .values(makePatients(faker, clinicId))
      .returning({ id: t.patients.id });
    patientCount += patientRows.length;

    const members = DEMO_USERS.filter((u) => u.clinics.includes(clinic.slug));
    const bookers = members.filter((u) => u.role === 'staff' || u.role === 'admin');
    const clinicAgents = members.filter((u) => u.weekly);
    for (const agent of clinicAgents) {
      const agentRow = userByEmail.get(agent.email)!;
      const others = clinicAgents.filter((a) => a !== agent);
      const plans = planAppointments(faker, {
        now,
        timezone: agent.timezone,
        weekly: agent.weekly!,
      });
      if (plans.length === 0) continue;
      const rows = await tx
        .insert(t.appointments)
        .values(
          plans.map((p) => ({
            clinicId,
            patientId: faker.helpers.arrayElement(patientRows).id,
            staffId: agentRow.id,
            startAt: p.start,
            endAt: new Date(p.start.getTime() + p.duration * MINUTE),
            duration: p.duration,
            status: p.status,
            token: newSessionToken(),
            tokenRevokedAt: p.status === 'CANCELLED' ? p.bookedAt : null,
            notes: p.notes,
            source: SOURCE,
            type: 'custom',
            createdAt: p.bookedAt,
            updatedAt: p.bookedAt,
          })),
        )
        .returning({ id: t.appointments.id });
      appointmentCount += rows.length;
      const events = rows.flatMap((row, i) =>
        historyFor(faker, plans[i]!, now, {
          bookerName: faker.helpers.arrayElement(bookers.length ? bookers : members).name,
          agentName: agent.name,
          otherAgentName: others.length ? faker.helpers.arrayElement(others).name : null,
        }).map((e) => ({ ...e, appointmentId: row.id })),
      );
      for (let i = 0; i < events.length; i += 500) {
        await tx.insert(t.appointmentEvents).values(events.slice(i, i + 500));
      }
      eventCount += events.length;
      // One weekly series (ADR 017) in the first clinic, so its visits show "Part of a series".
      if (clinic === DEMO_CLINICS[0] && agent === clinicAgents[0]) {
        const made = await seedSeries(tx, {
          clinicId,
          timezone: clinicRows.find((c) => c.id === clinicId)!.timezone,
          agent,
          agentId: agentRow.id,
          patientId: patientRows[0]!.id,
          bookerName: (bookers[0] ?? agent).name,
          plans,
          now,
        });
        appointmentCount += made;
        eventCount += made;
      }
    }
  }

  // Upcoming visits get their reminders as a booking through the app would, so the outbox shows
  // what a clinic's day brings as soon as mail is configured.
  for (const clinic of clinicRows) {
    await replanClinicReminders(
      tx,
      { id: clinic.id, timezone: clinic.timezone, offsets: clinic.reminderOffsetsMinutes },
      now,
    );
  }

  return {
    clinics: clinicRows.length,
    users: userRows.length,
    patients: patientCount,
    appointments: appointmentCount,
    events: eventCount,
  };
}

/**
 * Three weekly visits from the first free start of the agent's hours two to eight days ahead,
 * none overlapping the agent's seeded appointments. Returns how many it booked.
 */
async function seedSeries(
  tx: Executor,
  input: {
    clinicId: string;
    timezone: string;
    agent: (typeof DEMO_USERS)[number];
    agentId: string;
    patientId: string;
    bookerName: string;
    plans: readonly PlannedAppointment[];
    now: Date;
  },
): Promise<number> {
  const { agent, now } = input;
  const schedule = { timezone: agent.timezone, weekly: [...agent.weekly!], overrides: [] };
  const within = availabilityIntervals(
    schedule,
    new Date(now.getTime() + 2 * DAY),
    new Date(now.getTime() + 8 * DAY + 3 * 7 * DAY),
  );
  const free = (start: Date) =>
    within.some((i) => i.start <= start && start.getTime() + 30 * MINUTE <= i.end.getTime()) &&
    !input.plans.some(
      (p) =>
        p.start.getTime() < start.getTime() + 30 * MINUTE &&
        start.getTime() < p.start.getTime() + p.duration * MINUTE,
    );
  const rrule = 'FREQ=WEEKLY;COUNT=3';
  for (const interval of within) {
    if (interval.start.getTime() > now.getTime() + 8 * DAY) break;
    for (
      let at = interval.start.getTime();
      at + 30 * MINUTE <= interval.end.getTime();
      at += 30 * MINUTE
    ) {
      const visits = seriesOccurrences({ rrule, dtstart: new Date(at), timeZone: input.timezone });
      if (!visits.every((v) => free(v.start))) continue;
      const [series] = await tx
        .insert(t.appointmentSeries)
        .values({
          clinicId: input.clinicId,
          patientId: input.patientId,
          staffId: input.agentId,
          rrule,
          dtstart: new Date(at),
          timezone: input.timezone,
          duration: 30,
          createdAt: now,
        })
        .returning({ id: t.appointmentSeries.id });
      const rows = await tx
        .insert(t.appointments)
        .values(
          visits.map((v) => ({
            clinicId: input.clinicId,
            patientId: input.patientId,
            staffId: input.agentId,
            startAt: v.start,
            endAt: new Date(v.start.getTime() + 30 * MINUTE),
            duration: 30,
            status: 'BOOKED',
            token: newSessionToken(),
            source: SOURCE,
            type: 'custom',
            createdAt: now,
            updatedAt: now,
            seriesId: series!.id,
            seriesIndex: v.index,
          })),
        )
        .returning({ id: t.appointments.id });
      await tx.insert(t.appointmentEvents).values(
        rows.map((r) => ({
          appointmentId: r.id,
          type: 'BOOKED',
          at: now,
          byName: input.bookerName,
        })),
      );
      return rows.length;
    }
  }
  return 0;
}
