import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { availabilityIntervals } from '@domain/schedule';
import { phoneNumberField } from '@contracts/common';
import { toE164 } from '@domain/phone-numbers';
import { verifyPassword } from '../security/password';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import * as t from './schema';
import {
  DEMO_CLINICS,
  DEMO_PASSWORD,
  DEMO_USERS,
  PATIENTS_PER_CLINIC,
  SEED_WINDOW_DAYS,
} from './seed-plan';
import { seedDemoIfEmpty, type SeedSummary } from './seed';

const now = new Date('2026-11-21T15:07:00Z');
const DAY = 86_400_000;
let testDb: TestDatabase;
let summary: SeedSummary | null;

beforeAll(async () => {
  testDb = await createTestDatabase();
  summary = await seedDemoIfEmpty(testDb.handle, { now });
}, 120_000);
afterAll(() => testDb.destroy());

const db = () => testDb.handle.db;

describe('the demo seed', () => {
  it('creates three clinics in three time zones', async () => {
    const clinics = await db().select().from(t.clinics).orderBy(asc(t.clinics.slug));
    expect(clinics.map((c) => c.timezone).sort()).toEqual([
      'America/New_York',
      'Australia/Sydney',
      'Europe/London',
    ]);
    expect(summary?.clinics).toBe(3);
  });

  it('gives every clinic a phone and an address that the phone number checks accept', async () => {
    const clinics = await db().select().from(t.clinics);
    for (const clinic of clinics) {
      // Patient pages send patients to call the clinic: a demo clinic has a number to call.
      expect(phoneNumberField.safeParse(clinic.phone).success, clinic.slug).toBe(true);
      expect(clinic.address, clinic.slug).toMatch(/\S+\n\S+/);
      // Its own local numbers, its phone among them, read as numbers to text (ADR 050).
      expect(toE164(clinic.phone!, clinic.textCountry), clinic.slug).not.toBeNull();
    }
  });

  it('creates the four demo accounts with the demo password, and no other sign-in', async () => {
    const users = await db().select().from(t.users);
    const withPassword = users.filter((u) => u.passwordHash);
    expect(withPassword.map((u) => [u.email, u.role]).sort()).toEqual([
      ['admin@carebook.test', 'admin'],
      ['nurse@carebook.test', 'nurse'],
      ['provider@carebook.test', 'provider'],
      ['staff@carebook.test', 'staff'],
    ]);
    for (const user of withPassword) {
      expect(await verifyPassword(user.passwordHash!, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(user.passwordHash!, 'wrong-password')).toBe(false);
    }
  });

  it('makes the admin a member of every clinic and the others members of the first', async () => {
    const rows = await db()
      .select({ email: t.users.email, slug: t.clinics.slug })
      .from(t.clinicMembers)
      .innerJoin(t.users, eq(t.users.id, t.clinicMembers.userId))
      .innerJoin(t.clinics, eq(t.clinics.id, t.clinicMembers.clinicId));
    const clinicsOf = (email: string) =>
      rows
        .filter((r) => r.email === email)
        .map((r) => r.slug)
        .sort();
    expect(clinicsOf('admin@carebook.test')).toEqual(DEMO_CLINICS.map((c) => c.slug).sort());
    for (const email of ['provider@carebook.test', 'nurse@carebook.test', 'staff@carebook.test']) {
      expect(clinicsOf(email)).toEqual([DEMO_CLINICS[0]!.slug]);
    }
  });

  it('gives every clinic its patients with realistic, unique contact data', async () => {
    const perClinic = await db()
      .select({
        clinicId: t.patients.clinicId,
        n: sql<number>`count(*)::int`,
        emails: sql<number>`count(distinct lower(email))::int`,
      })
      .from(t.patients)
      .groupBy(t.patients.clinicId);
    expect(perClinic).toHaveLength(3);
    for (const row of perClinic) {
      expect(row.n).toBe(PATIENTS_PER_CLINIC);
      expect(row.emails).toBe(PATIENTS_PER_CLINIC);
    }
    const sample = await db().select().from(t.patients).limit(20);
    for (const p of sample) {
      expect(p.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(p.dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.phone).toMatch(/\d{3}/);
      expect(p.firstName.length).toBeGreaterThan(1);
    }
  });

  it('books appointments in every status across the past and coming four weeks', async () => {
    const rows = await db()
      .select({ status: t.appointments.status, n: sql<number>`count(*)::int` })
      .from(t.appointments)
      .groupBy(t.appointments.status);
    expect(rows.map((r) => r.status).sort()).toEqual([
      'BOOKED',
      'CANCELLED',
      'COMPLETED',
      'CONFIRMED',
      'DISQUALIFIED',
      'NO_SHOW',
      'SCHEDULED',
    ]);
    const [range] = await db()
      .select({ min: sql<string>`min(start_at)`, max: sql<string>`max(start_at)` })
      .from(t.appointments);
    expect(new Date(range!.min).getTime()).toBeGreaterThanOrEqual(
      now.getTime() - SEED_WINDOW_DAYS * DAY,
    );
    expect(new Date(range!.min).getTime()).toBeLessThan(now.getTime() - 20 * DAY);
    expect(new Date(range!.max).getTime()).toBeLessThanOrEqual(
      now.getTime() + SEED_WINDOW_DAYS * DAY,
    );
    expect(new Date(range!.max).getTime()).toBeGreaterThan(now.getTime() + 20 * DAY);
  });

  it('puts every appointment inside its agent weekly hours', async () => {
    const rows = await db()
      .select({ start: t.appointments.startAt, end: t.appointments.endAt, email: t.users.email })
      .from(t.appointments)
      .innerJoin(t.users, eq(t.users.id, t.appointments.staffId));
    for (const agent of DEMO_USERS.filter((u) => u.weekly)) {
      const intervals = availabilityIntervals(
        { timezone: agent.timezone, weekly: [...agent.weekly!], overrides: [] },
        new Date(now.getTime() - 30 * DAY),
        new Date(now.getTime() + 30 * DAY),
      );
      const mine = rows.filter((r) => r.email === agent.email);
      expect(mine.length).toBeGreaterThan(0);
      for (const appt of mine) {
        const inside = intervals.some((i) => i.start <= appt.start && appt.end <= i.end);
        expect(inside, `${agent.email} ${appt.start.toISOString()}`).toBe(true);
      }
    }
  });

  it('writes a consistent history: booked first, nothing in the future, ending in the status', async () => {
    const appts = await db().select().from(t.appointments);
    const events = await db()
      .select()
      .from(t.appointmentEvents)
      .orderBy(asc(t.appointmentEvents.at), asc(t.appointmentEvents.id));
    const byAppointment = new Map<string, typeof events>();
    for (const e of events)
      byAppointment.set(e.appointmentId, [...(byAppointment.get(e.appointmentId) ?? []), e]);
    for (const appt of appts) {
      const history = byAppointment.get(appt.id) ?? [];
      expect(history[0]?.type, JSON.stringify(history)).toBe('BOOKED');
      expect(history.filter((e) => e.at.getTime() > now.getTime())).toEqual([]);
      expect(history.every((e) => e.byName)).toBe(true);
      const last = history.at(-1)!;
      if (appt.status === 'BOOKED') expect(last.type).toMatch(/^(BOOKED|RESCHEDULE|REASSIGN)$/);
      else expect(last.type).toBe(appt.status);
      if (appt.status === 'CANCELLED') {
        expect(last.reason).toBeTruthy();
        expect(appt.tokenRevokedAt).not.toBeNull();
      }
      if (['COMPLETED', 'NO_SHOW', 'DISQUALIFIED'].includes(appt.status)) {
        expect(appt.startAt.getTime()).toBeLessThan(now.getTime());
      }
    }
  });

  it('plans the reminders of every upcoming open appointment, as a booking would', async () => {
    const [row] = await db()
      .execute(
        sql`select
          (select count(*) from appointments a where a.start_at > ${now}::timestamptz + interval '1 day 1 minute'
             and a.status in ('BOOKED','SCHEDULED','CONFIRMED')
             and (select count(*) from outbox o where o.appointment_id = a.id
                    and o.kind = 'appointment.reminder' and o.status = 'pending') <> 2)::int as wrong,
          (select count(*) from outbox o join appointments a on a.id = o.appointment_id
             where o.kind = 'appointment.reminder'
               and (a.status not in ('BOOKED','SCHEDULED','CONFIRMED') or o.due_at <= ${now}::timestamptz))::int as stray,
          (select count(*) from outbox where kind = 'appointment.reminder')::int as planned`,
      )
      .then((r) => (r as unknown as { rows: Array<Record<string, number>> }).rows);
    expect(row!.wrong).toBe(0);
    expect(row!.stray).toBe(0);
    expect(row!.planned).toBeGreaterThan(0);
  });

  it('books one weekly series of three upcoming visits, a week apart at one wall time', async () => {
    const series = await db().select().from(t.appointmentSeries);
    expect(series).toHaveLength(1);
    const visits = await db()
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.seriesId, series[0]!.id))
      .orderBy(asc(t.appointments.startAt));
    expect(visits.map((v) => v.seriesIndex)).toEqual([1, 2, 3]);
    expect(visits.every((v) => v.startAt > now && v.status === 'BOOKED')).toBe(true);
    const wall = (d: Date) =>
      d.toLocaleTimeString('en-US', { timeZone: series[0]!.timezone, weekday: 'long' });
    expect(new Set(visits.map((v) => wall(v.startAt))).size).toBe(1);
  });

  it('seeds nothing the second time', async () => {
    expect(await seedDemoIfEmpty(testDb.handle, { now })).toBeNull();
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(t.clinics);
    expect(row!.n).toBe(3);
  });
});
