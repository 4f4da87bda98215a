import { describe, expect, it } from 'vitest';

import { useScenario, useTestApp } from '../../test/test-app';
import { createAppointment, createClinic, createPatient } from '../../test/factories';
import * as t from '../../db/schema';

const NOW = new Date('2026-11-23T12:00:00Z'); // Monday 07:00 in New York
const env = useTestApp({ now: NOW });
const { s, staff, provider, admin } = useScenario(env, 'provider', 'admin');
const TUESDAY_10AM = new Date('2026-11-24T15:00:00Z');
const WEDNESDAY_10AM = new Date('2026-11-25T15:00:00Z');

const everyDay = (start: string, end: string) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));
const schedule = (overrides: unknown[] = [], weekly = everyDay('08:00', '18:00')) => ({
  timezone: 'America/New_York',
  weekly,
  overrides,
});

function visit(start: Date, overrides: Partial<typeof t.appointments.$inferInsert> = {}) {
  return createAppointment(
    env.db,
    { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
    { start, ...overrides },
  );
}

describe('POST /api/availability/visits-outside-hours', () => {
  it('lists the upcoming booked visits a day off would leave outside the hours, and saves nothing', async () => {
    const tuesday = await visit(TUESDAY_10AM);
    await visit(new Date('2026-11-24T16:00:00Z'), { status: 'CANCELLED' });
    await visit(WEDNESDAY_10AM);
    const before = await env.db.select().from(t.schedules);

    const res = await provider.post(
      '/api/availability/visits-outside-hours',
      schedule([{ date: '2026-11-24', kind: 'off' }]),
    );

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      visits: [
        {
          _id: tuesday.id,
          date: TUESDAY_10AM.toISOString(),
          duration: 30,
          status: 'BOOKED',
          patientName: 'José Núñez',
          clinic: s.clinic.slug,
        },
      ],
      total: 1,
      elsewhere: 0,
    });
    expect(await env.db.select().from(t.schedules)).toEqual(before);
    expect(await env.db.select().from(t.scheduleOverrides)).toEqual([]);
  });

  it('lists visits shorter weekly hours leave out, soonest first, and none for the same hours', async () => {
    const wednesday = await visit(WEDNESDAY_10AM);
    const tuesday = await visit(TUESDAY_10AM);
    await visit(new Date('2026-11-23T11:00:00Z')); // already past
    const mornings = await provider.post(
      '/api/availability/visits-outside-hours',
      schedule([], everyDay('08:00', '10:00')),
    );
    expect(mornings.json().visits.map((v: { _id: string }) => v._id)).toEqual([
      tuesday.id,
      wednesday.id,
    ]);
    const same = await provider.post('/api/availability/visits-outside-hours', schedule());
    expect(same.json()).toEqual({ visits: [], total: 0, elsewhere: 0 });
  });

  it('shows an admin only their clinics’ visits and counts the others', async () => {
    const elsewhere = await createClinic(env.db, { timezone: 'America/New_York' });
    const stranger = await createPatient(env.db, elsewhere.id);
    await createAppointment(
      env.db,
      { clinicId: elsewhere.id, patientId: stranger.id, staffId: s.provider.id },
      { start: TUESDAY_10AM },
    );
    await visit(new Date('2026-11-24T17:00:00Z'));
    const res = await admin.post(
      `/api/admin/agents/${s.provider.id}/availability/visits-outside-hours`,
      schedule([{ date: '2026-11-24', kind: 'off' }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, elsewhere: 1 });
    expect(res.json().visits).toHaveLength(1);
    expect(res.json().visits[0].clinic).toBe(s.clinic.slug);
  });

  it('refuses a schedule the editor would not save, other roles and other clinics’ agents', async () => {
    const overlapping = await provider.post(
      '/api/availability/visits-outside-hours',
      schedule(
        [],
        [
          { weekday: 1, start: '09:00', end: '12:00' },
          { weekday: 1, start: '11:00', end: '13:00' },
        ],
      ),
    );
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().details).toBe('Segments overlap on Monday.');
    const asStaff = await staff.post('/api/availability/visits-outside-hours', schedule());
    expect(asStaff.statusCode).toBe(403);
    const foreign = await admin.post(
      `/api/admin/agents/${s.foreignAgent.id}/availability/visits-outside-hours`,
      schedule(),
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /api/held-times', () => {
  async function hold(overrides: Partial<typeof t.onlineBookingHolds.$inferInsert> = {}) {
    const start = overrides.startAt ?? TUESDAY_10AM;
    const email = `holder-${Math.random().toString(36).slice(2)}@example.com`;
    const [row] = await env.db
      .insert(t.onlineBookingHolds)
      .values({
        clinicId: s.clinic.id,
        staffId: s.provider.id,
        startAt: start,
        endAt: new Date(start.getTime() + 30 * 60_000),
        duration: 30,
        email,
        inbox: email,
        patient: { firstName: 'Lena', lastName: 'Hart', phone: '+15555550100', dob: '1990-04-02' },
        tokenHash: Math.random().toString(36).slice(2),
        ip: '203.0.113.7',
        clientKey: '203.0.113.7',
        expiresAt: new Date(NOW.getTime() + 10 * 60_000),
        ...overrides,
      })
      .returning();
    return row!;
  }
  const week = 'from=2026-11-23T00:00:00Z&to=2026-11-30T00:00:00Z';

  it('shows staff the times patients hold online, with when each hold lapses', async () => {
    const live = await hold();
    await hold({
      startAt: new Date('2026-11-24T18:00:00Z'),
      expiresAt: new Date(NOW.getTime() - 1),
    });
    await hold({ startAt: WEDNESDAY_10AM, state: 'confirmed' });
    await hold({ startAt: new Date('2026-12-10T15:00:00Z') });
    const res = await staff.get(`/api/held-times?${week}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      holds: [
        {
          id: live.id,
          clinic: s.clinic.slug,
          agentId: s.provider.id,
          start: TUESDAY_10AM.toISOString(),
          end: '2026-11-24T15:30:00.000Z',
          expiresAt: '2026-11-23T12:10:00.000Z',
        },
      ],
    });
    // Nothing of who holds it.
    expect(res.body).not.toContain('Lena');
    const forNurse = await staff.get(`/api/held-times?${week}&agentIds=${s.nurse.id}`);
    expect(forNurse.json()).toEqual({ holds: [] });
    const inClinic = await staff.get(`/api/held-times?${week}&clinic=${s.clinic.slug}`);
    expect(inClinic.json().holds).toHaveLength(1);
  });

  it('keeps other clinics’ holds out and refuses bad input with a 4xx', async () => {
    await env.db.insert(t.onlineBookingHolds).values({
      clinicId: s.foreign.id,
      staffId: s.foreignAgent.id,
      startAt: WEDNESDAY_10AM,
      endAt: new Date(WEDNESDAY_10AM.getTime() + 30 * 60_000),
      duration: 30,
      email: 'someone@example.com',
      inbox: 'someone@example.com',
      patient: { firstName: 'A', lastName: 'B', phone: '+15555550101', dob: '1980-01-01' },
      tokenHash: 'foreign-hold',
      ip: '203.0.113.8',
      clientKey: '203.0.113.8',
      expiresAt: new Date(NOW.getTime() + 60_000),
    });
    expect((await staff.get(`/api/held-times?${week}`)).json()).toEqual({ holds: [] });
    expect((await staff.get(`/api/held-times?${week}&clinic=${s.foreign.slug}`)).statusCode).toBe(
      404,
    );
    const badIds = await staff.get(`/api/held-times?${week}&agentIds=nope`);
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().fields).toEqual([
      { field: 'agentIds', message: expect.stringMatching(/\.$/) },
    ]);
    const reversed = await staff.get(
      '/api/held-times?from=2026-11-30T00:00:00Z&to=2026-11-23T00:00:00Z',
    );
    expect(reversed.statusCode).toBe(400);
    const tooLong = await staff.get(
      '/api/held-times?from=2026-01-01T00:00:00Z&to=2026-12-31T00:00:00Z',
    );
    expect(tooLong.statusCode).toBe(400);
    expect(
      (await env.app.inject({ method: 'GET', url: `/api/held-times?${week}` })).statusCode,
    ).toBe(401);
  });
});
