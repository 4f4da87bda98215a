// The slot engine's input for a clinic's day, and its answer, are reused while the clinic's data
// version stands (ADR 025, 029). These tests change, straight in the database, each thing a day's
// slots depend on and expect the next answer to show it at once; and show that otherwise the input
// is reused for at most READ_REUSE_MS, while what only time changes (notice, a hold's expiry) is
// applied at once.
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { createAppointment } from '../../test/factories';
import { createSignInUser } from '../../test/auth-helpers';
import * as t from '../../db/schema';
import { READ_REUSE_MS } from '../../core/reuse';
import { slotAnswersHeld } from './clinics.service';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff, signInAgain } = useScenario(env);

const DAY = '2026-11-25';
/** 10:00 in New York that day: inside everyone's 08:00–18:00. */
const TEN = '2026-11-25T15:00:00.000Z';

/** The day's slot starts for one agent, 30 minutes long. */
async function starts(agentId: string = s.provider.id): Promise<string[]> {
  const res = await staff.get(
    `/api/clinics/${s.clinic.slug}/slots?from=${DAY}&to=${DAY}&duration=30&agentId=${agentId}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().slots as Array<{ startTime: string }>).map((slot) => slot.startTime);
}

/** Whether the clinic's slots list the agent at all. */
async function agentListed(agentId: string): Promise<boolean> {
  const res = await staff.get(
    `/api/clinics/${s.clinic.slug}/slots?from=${DAY}&to=${DAY}&duration=30`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().slots as Array<{ agentId: string }>).some((slot) => slot.agentId === agentId);
}

/**
 * A booking no data version follows (its triggers are off): it stands for what the versions do
 * not follow, and shows whether the input was read again.
 */
async function unseenBooking(start: string, staffId: string = s.provider.id) {
  await env.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await createAppointment(
      tx,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId },
      { start: new Date(start) },
    );
  });
}

const hold = (over: Partial<typeof t.onlineBookingHolds.$inferInsert> = {}) => ({
  clinicId: s.clinic.id,
  staffId: s.provider.id,
  startAt: new Date(TEN),
  endAt: new Date(Date.parse(TEN) + 30 * 60_000),
  duration: 30,
  email: 'rosa@example.com',
  inbox: 'rosa@example.com',
  patient: { firstName: 'Rosa', lastName: 'Diaz', phone: '+1 555 0101', dob: '1990-04-02' },
  tokenHash: `hash-${Math.random()}`,
  ip: '203.0.113.9',
  clientKey: '203.0.113.9',
  expiresAt: new Date(env.now().getTime() + 15 * 60_000),
  ...over,
});

describe("reusing a day's slots", () => {
  it('reads the day again for at most READ_REUSE_MS when nothing it follows changed', async () => {
    expect(await starts()).toContain(TEN);
    await unseenBooking(TEN);
    env.advance(READ_REUSE_MS - 1);
    expect(await starts()).toContain(TEN);
    env.advance(1);
    expect(await starts()).not.toContain(TEN);
  });

  it('answers the same day again without the engine, and no longer than its input is reused', async () => {
    const before = slotAnswersHeld(env.db);
    const first = await staff.get(
      `/api/clinics/${s.clinic.slug}/slots?from=${DAY}&to=${DAY}&duration=30&agentId=${s.provider.id}`,
    );
    expect(slotAnswersHeld(env.db)).toBe(before + 1);
    expect(await starts()).toEqual(
      (first.json().slots as Array<{ startTime: string }>).map((slot) => slot.startTime),
    );
    expect(slotAnswersHeld(env.db)).toBe(before + 1);

    // Another agent's answer made a moment before the input's reuse ends, from that input: it
    // goes when the input does, not READ_REUSE_MS after it was made.
    await unseenBooking(TEN, s.nurse.id);
    env.advance(READ_REUSE_MS - 1);
    expect(await starts(s.nurse.id)).toContain(TEN);
    env.advance(1);
    expect(await starts(s.nurse.id)).not.toContain(TEN);
  });

  it('a start that has passed goes at once, though the day’s answer is reused', async () => {
    env.setNow('2026-11-25T14:59:59Z');
    await signInAgain();
    expect(await starts()).toContain(TEN);
    // Two seconds later nothing changed in the database and the input is still within its reuse
    // window, but 10:00 has begun: no longer bookable.
    env.advance(2_000);
    expect(await starts()).not.toContain(TEN);
  });

  it('shows a booking of the agent at another clinic at once, and its cancellation', async () => {
    await env.db.insert(t.clinicMembers).values({ userId: s.provider.id, clinicId: s.foreign.id });
    expect(await starts()).toContain(TEN);
    const elsewhere = await createAppointment(
      env.db,
      { clinicId: s.foreign.id, patientId: s.foreignPatient.id, staffId: s.provider.id },
      { start: new Date(TEN) },
    );
    expect(await starts()).not.toContain(TEN);
    await env.db
      .update(t.appointments)
      .set({ status: 'CANCELLED' })
      .where(eq(t.appointments.id, elsewhere.id));
    expect(await starts()).toContain(TEN);
  });

  it('shows a change to the week and to a date override at once', async () => {
    expect(await starts()).toContain(TEN);
    await env.db
      .update(t.schedules)
      .set({
        weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '11:00', end: '18:00' })),
      })
      .where(eq(t.schedules.agentId, s.provider.id));
    expect(await starts()).not.toContain(TEN);
    expect(await starts()).toContain('2026-11-25T16:00:00.000Z');

    await env.db
      .insert(t.scheduleOverrides)
      .values({ agentId: s.provider.id, date: DAY, kind: 'off' });
    expect(await starts()).toEqual([]);
    await env.db.delete(t.scheduleOverrides).where(eq(t.scheduleOverrides.agentId, s.provider.id));
    expect(await starts()).toContain('2026-11-25T16:00:00.000Z');
  });

  it('shows a hold at once, its closing at once, and its expiry as soon as it expires', async () => {
    expect(await starts()).toContain(TEN);
    const [held] = await env.db.insert(t.onlineBookingHolds).values(hold()).returning();
    expect(await starts()).not.toContain(TEN);
    await env.db
      .update(t.onlineBookingHolds)
      .set({ state: 'expired' })
      .where(eq(t.onlineBookingHolds.id, held!.id));
    expect(await starts()).toContain(TEN);

    // A hold that lapses two seconds from now: read while live, then past its expiry with the
    // input still within its reuse window.
    await env.db
      .insert(t.onlineBookingHolds)
      .values(hold({ expiresAt: new Date(env.now().getTime() + 2_000), email: 'ana@example.com' }));
    expect(await starts()).not.toContain(TEN);
    env.advance(2_000);
    expect(await starts()).toContain(TEN);
  });

  it('drops an agent who leaves, stops or is no longer bookable, and adds one who joins', async () => {
    expect(await agentListed(s.nurse.id)).toBe(true);
    await env.db.update(t.users).set({ active: false }).where(eq(t.users.id, s.nurse.id));
    expect(await agentListed(s.nurse.id)).toBe(false);
    await env.db.update(t.users).set({ active: true }).where(eq(t.users.id, s.nurse.id));
    expect(await agentListed(s.nurse.id)).toBe(true);
    await env.db.update(t.users).set({ role: 'staff' }).where(eq(t.users.id, s.nurse.id));
    expect(await agentListed(s.nurse.id)).toBe(false);

    expect(await agentListed(s.provider.id)).toBe(true);
    await env.db
      .delete(t.clinicMembers)
      .where(
        and(eq(t.clinicMembers.userId, s.provider.id), eq(t.clinicMembers.clinicId, s.clinic.id)),
      );
    expect(await agentListed(s.provider.id)).toBe(false);

    expect(await agentListed(s.foreignAgent.id)).toBe(false);
    await env.db
      .insert(t.clinicMembers)
      .values({ userId: s.foreignAgent.id, clinicId: s.clinic.id });
    expect(await agentListed(s.foreignAgent.id)).toBe(true);
  });

  it("moves the default hours of an agent without a saved week with the agent's time zone", async () => {
    const newcomer = await createSignInUser(env.db, {
      role: 'provider',
      name: 'Dr. Lena Vogel',
      clinicIds: [s.clinic.id],
    });
    await env.db
      .update(t.users)
      .set({ timezone: 'America/New_York' })
      .where(eq(t.users.id, newcomer.id));
    const inNewYork = await starts(newcomer.id);
    await env.db
      .update(t.users)
      .set({ timezone: 'America/Los_Angeles' })
      .where(eq(t.users.id, newcomer.id));
    const inLosAngeles = await starts(newcomer.id);
    expect(inLosAngeles.length).toBeGreaterThan(0);
    expect(inLosAngeles[0]).not.toBe(inNewYork[0]);
    expect(Date.parse(inLosAngeles[0]!) - Date.parse(inNewYork[0]!)).toBe(3 * 3_600_000);
  });
});
