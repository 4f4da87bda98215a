import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { tallyCounts } from '@domain/appointment-status';
import { localDateKey } from '@domain/format';
import { addDaysToKey, wallClockToUtc, weekdayOfKey } from '@domain/zoned-time';
import type { DashboardResponse } from '@contracts/dashboard';
import { useTestApp } from '../../test/test-app';
import { apiAs } from '../../test/api-client';
import {
  bodyAgent,
  bodyPatient,
  bookThroughApi,
  clinicScenario,
  type ClinicScenario,
} from '../../test/scenario';
import { patientMove } from '../../test/visit-link';
import * as t from '../../db/schema';
import { auditedRecords } from '../../test/audited-records';

// Monday 23 Nov 2026, 12:00 in New York. The 30-day window reaches back over the end of daylight
// saving time (1 Nov), so local-day grouping is tested across an offset change.
const now = new Date('2026-11-23T17:00:00Z');
const NY = 'America/New_York';
const env = useTestApp({ now });
let s: ClinicScenario;

const PAST = [
  'COMPLETED',
  'NO_SHOW',
  'BOOKED',
  'CANCELLED',
  'DISQUALIFIED',
  'CONFIRMED',
  'NO_SHOW',
];
const FUTURE = ['BOOKED', 'CONFIRMED', 'CANCELLED', 'SCHEDULED'];

/**
 * Two agents with a varied history from 40 days back to 40 days ahead, at New York hours that
 * include just after local midnight and late evening (the next UTC day), plus one appointment
 * starting exactly now.
 */
async function seedHistory() {
  const rows: Array<typeof t.appointments.$inferInsert> = [];
  const add = (staffId: string, start: Date, status: string, patientId = s.patient.id) =>
    rows.push({
      clinicId: s.clinic.id,
      patientId,
      staffId,
      startAt: start,
      endAt: new Date(start.getTime() + 30 * 60_000),
      duration: 30,
      status,
      token: randomBytes(24).toString('base64url'),
    });
  const today = localDateKey(now, NY);
  let i = 0;
  for (let offset = -40; offset <= 40; offset += 1) {
    const day = addDaysToKey(today, offset);
    for (const [agent, minutes] of [
      [s.provider.id, 0 * 60 + 30],
      [s.provider.id, 9 * 60],
      [s.nurse.id, 14 * 60],
      [s.nurse.id, 23 * 60 + 15],
    ] as const) {
      if ((offset + minutes) % 3 === 0) continue; // some quiet slots
      const start = new Date(wallClockToUtc(day, minutes, NY));
      const list = start <= now ? PAST : FUTURE;
      add(agent, start, list[i++ % list.length]!, i % 2 ? s.patient.id : s.otherPatient.id);
    }
  }
  add(s.provider.id, now, 'BOOKED');
  await env.db.insert(t.appointments).values(rows);
}

beforeEach(async () => {
  s = await clinicScenario(env.db);
  await seedHistory();
});

/** The dashboard's numbers worked out in TypeScript from every row of the table. */
async function expectedFromDatabase(timezone: string, staffId?: string) {
  const all = await env.db
    .select()
    .from(t.appointments)
    .where(inArray(t.appointments.clinicId, [s.clinic.id]));
  const rows = all.filter((r) => !staffId || r.staffId === staffId);
  const today = localDateKey(now, timezone);
  const first = addDaysToKey(today, -30);
  const last = addDaysToKey(today, 30);
  const windowStart = wallClockToUtc(first, 0, timezone);
  const perDay = new Map<string, number>();
  const byWeekday = new Map<number, { total: number; noShows: number }>();
  const byAgent = new Map<string, { total: number; noShows: number }>();
  for (const r of rows) {
    const key = localDateKey(r.startAt, timezone);
    if (key >= first && key <= last) perDay.set(key, (perDay.get(key) ?? 0) + 1);
    const ms = r.startAt.getTime();
    if (ms < windowStart || ms > now.getTime()) continue;
    if (!['COMPLETED', 'NO_SHOW', 'DISQUALIFIED'].includes(r.status)) continue;
    const noShow = r.status === 'NO_SHOW' ? 1 : 0;
    for (const [map, k] of [
      [byWeekday, weekdayOfKey(key)],
      [byAgent, r.staffId],
    ] as const) {
      const entry = (map as Map<unknown, { total: number; noShows: number }>).get(k) ?? {
        total: 0,
        noShows: 0,
      };
      entry.total += 1;
      entry.noShows += noShow;
      (map as Map<unknown, typeof entry>).set(k, entry);
    }
  }
  const open = ['BOOKED', 'SCHEDULED', 'CONFIRMED'];
  const byStart = [...rows].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  return {
    counts: tallyCounts(
      rows.map((r) => ({ date: r.startAt, status: r.status })),
      now,
    ),
    perDay,
    byWeekday,
    byAgent,
    today: byStart.filter((r) => localDateKey(r.startAt, timezone) === today).map((r) => r.id),
    pending: byStart
      .filter((r) => r.startAt <= now && open.includes(r.status))
      .reverse()
      .slice(0, 10)
      .map((r) => r.id),
    next: byStart
      .filter((r) => r.startAt > now && r.status !== 'CANCELLED' && open.includes(r.status))
      .slice(0, 5)
      .map((r) => r.id),
  };
}

function expectMatches(
  body: DashboardResponse,
  expected: Awaited<ReturnType<typeof expectedFromDatabase>>,
) {
  expect(body.counts).toEqual(expected.counts);
  expect(body.perDay).toHaveLength(61);
  for (const day of body.perDay) {
    expect(day.total, day.date).toBe(expected.perDay.get(day.date) ?? 0);
    expect(Object.values(day.statuses).reduce((a, b) => a + b, 0)).toBe(day.total);
  }
  expect(body.noShowByWeekday.map((w) => w.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  for (const w of body.noShowByWeekday) {
    const e = expected.byWeekday.get(w.weekday) ?? { total: 0, noShows: 0 };
    expect({ total: w.total, noShows: w.noShows }).toEqual(e);
    expect(w.rate).toBeCloseTo(e.total ? e.noShows / e.total : 0, 10);
  }
  expect(new Set(body.noShowByAgent.map((a) => a.agentId))).toEqual(
    new Set(expected.byAgent.keys()),
  );
  for (const a of body.noShowByAgent) {
    const e = expected.byAgent.get(a.agentId)!;
    expect({ total: a.total, noShows: a.noShows }).toEqual(e);
    expect(a.rate).toBeCloseTo(e.noShows / e.total, 10);
  }
  expect(body.today.map((a) => a._id)).toEqual(expected.today);
  expect(body.pending.map((a) => a._id)).toEqual(expected.pending);
  expect(body.next.map((a) => a._id)).toEqual(expected.next);
}

describe('GET /api/dashboard', () => {
  it('gives an admin the whole clinic, every number matching the table', async () => {
    const admin = await apiAs(env.app, s.admin.email);
    const res = await admin.get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DashboardResponse>();
    expect(body).toMatchObject({ scope: 'clinic', timezone: NY, date: '2026-11-23' });
    expectMatches(body, await expectedFromDatabase(NY));
    expect(body.noShowByAgent.map((a) => a.name).sort()).toEqual(
      [s.nurse.name, s.provider.name].sort(),
    );
    expect(body.today[0]).toEqual({
      _id: expect.any(String),
      date: expect.stringMatching(/^2026-11-2[34]T/),
      duration: 30,
      status: expect.any(String),
      patientName: expect.any(String),
      staff: { id: expect.any(String), name: expect.any(String) },
      clinic: s.clinic.slug,
    });
  });

  it('agrees with /api/appointments/counts for the same scope', async () => {
    const staff = await apiAs(env.app, s.staff.email);
    const [dashboard, counts] = await Promise.all([
      staff.get('/api/dashboard'),
      staff.get('/api/appointments/counts'),
    ]);
    expect(dashboard.json().counts).toEqual(counts.json());
    const provider = await apiAs(env.app, s.provider.email);
    const own = await provider.get('/api/dashboard');
    const ownCounts = await provider.get(`/api/appointments/counts?staffId=${s.provider.id}`);
    expect(own.json().counts).toEqual(ownCounts.json());
  });

  it('gives a provider only their own appointments', async () => {
    const provider = await apiAs(env.app, s.provider.email);
    const body = (await provider.get('/api/dashboard')).json<DashboardResponse>();
    expect(body.scope).toBe('own');
    expectMatches(body, await expectedFromDatabase(NY, s.provider.id));
    const staffIds = [...body.today, ...body.pending, ...body.next].map((a) => a.staff.id);
    expect(new Set(staffIds)).toEqual(new Set([s.provider.id]));
    expect(body.pending[0]!.date).toBe(now.toISOString()); // starting right now already waits
  });

  it('reckons days and weekdays in the zone asked for', async () => {
    const admin = await apiAs(env.app, s.admin.email);
    const body = (await admin.get('/api/dashboard?timezone=Asia/Tokyo')).json<DashboardResponse>();
    expect(body).toMatchObject({ timezone: 'Asia/Tokyo', date: '2026-11-24' });
    expectMatches(body, await expectedFromDatabase('Asia/Tokyo'));
  });

  it('never shows another clinic and 404s when asked for one', async () => {
    const admin = await apiAs(env.app, s.admin.email);
    const body = (await admin.get(`/api/dashboard?clinic=${s.clinic.slug}`)).json();
    const ids = [...body.today, ...body.pending, ...body.next].map((a: { _id: string }) => a._id);
    expect(ids).not.toContain(s.foreignAppointment.id);
    expect((await admin.get(`/api/dashboard?clinic=${s.foreign.slug}`)).statusCode).toBe(404);
  });

  it('refuses an unknown time zone with a 400 and asks to sign in first', async () => {
    const admin = await apiAs(env.app, s.admin.email);
    expect((await admin.get('/api/dashboard?timezone=Mars/Olympus')).statusCode).toBe(400);
    expect((await env.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });

  it('answers zeros for a user without appointments', async () => {
    await env.db.delete(t.appointments);
    const nurse = await apiAs(env.app, s.nurse.email);
    const body = (await nurse.get('/api/dashboard')).json<DashboardResponse>();
    expect(body.counts.all).toBe(0);
    expect(body.perDay.every((d) => d.total === 0)).toBe(true);
    expect(body.noShowByAgent).toEqual([]);
    expect(body.noShowByWeekday.every((w) => w.rate === 0)).toBe(true);
    expect(body.bookedOnline).toEqual({ days: 30, count: 0 });
  });

  it('counts the bookings patients made online in the last 30 days, whatever became of them', async () => {
    const day = 86_400_000;
    const online = (
      staffId: string,
      bookedDaysAgo: number,
      status = 'BOOKED',
      source = 'online',
      clinicId = s.clinic.id,
    ) => {
      const createdAt = new Date(now.getTime() - bookedDaysAgo * day);
      // Booked for two days after it was booked, at a quarter past an hour nothing else uses.
      const startAt = new Date(createdAt.getTime() + 2 * day + 15 * 60_000);
      return {
        clinicId,
        patientId: clinicId === s.clinic.id ? s.patient.id : s.foreignPatient.id,
        staffId,
        startAt,
        endAt: new Date(startAt.getTime() + 30 * 60_000),
        duration: 30,
        status,
        source,
        createdAt,
        token: randomBytes(24).toString('base64url'),
      };
    };
    await env.db.insert(t.appointments).values([
      online(s.provider.id, 1),
      online(s.provider.id, 12, 'CANCELLED'),
      online(s.nurse.id, 29.5, 'COMPLETED'),
      online(s.provider.id, 31), // before the period
      online(s.provider.id, 3, 'BOOKED', 'carebook'), // booked by staff
      online(s.foreignAgent.id, 2, 'BOOKED', 'online', s.foreign.id), // another clinic
    ]);
    const admin = await apiAs(env.app, s.admin.email);
    const clinicWide = (await admin.get('/api/dashboard')).json<DashboardResponse>();
    expect(clinicWide.bookedOnline).toEqual({ days: 30, count: 3 });
    const provider = await apiAs(env.app, s.provider.email);
    const own = (await provider.get('/api/dashboard')).json<DashboardResponse>();
    expect(own.bookedOnline).toEqual({ days: 30, count: 2 });
    // The figures that were there before stay as they were.
    expectMatches(clinicWide, await expectedFromDatabase(NY));
  });

  it('records the appointments it shows in the audit log', async () => {
    const admin = await apiAs(env.app, s.admin.email);
    const body = (await admin.get('/api/dashboard')).json<DashboardResponse>();
    const audited = await auditedRecords(env.db);
    const shown = new Set([...body.today, ...body.pending, ...body.next].map((a) => a._id));
    expect(new Set(audited.map((r) => r.entityId))).toEqual(shown);
    expect(audited.every((r) => r.userId === s.admin.id && r.action === 'read')).toBe(true);
  });
});

describe('GET /api/dashboard: visits patients moved into the next 24 hours', () => {
  const book = async (start: string, overrides: Record<string, unknown> = {}) =>
    bookThroughApi(await apiAs(env.app, s.staff.email), s, start, overrides);
  const patientMoves = async (token: string, start: string) => {
    const res = await patientMove(env.app, token, start);
    expect(res.statusCode, res.body).toBe(200);
  };
  const staffMoves = async (id: string, start: string) => {
    const staff = await apiAs(env.app, s.staff.email);
    const res = await staff.put(`/api/appointments/${id}`, {
      id,
      date: start,
      staff: bodyAgent(s.provider),
      duration: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('lists them with from, to and when, for the clinic; a provider sees only their own', async () => {
    // All first booked for Wednesday 25 Nov (two days ahead), then moved.
    const mine = await book('2026-11-25T16:00:00.000Z');
    const nurses = await book('2026-11-25T16:00:00.000Z', {
      staff: bodyAgent(s.nurse),
      patient: bodyPatient(s, s.otherPatient),
    });
    const byStaff = await book('2026-11-25T17:00:00.000Z');
    const later = await book('2026-11-25T18:00:00.000Z');
    const movedBack = await book('2026-11-25T19:00:00.000Z');
    // Tomorrow 10:00 and 11:00 in New York: 22 and 23 hours from now.
    await patientMoves(mine.token, '2026-11-24T15:00:00.000Z');
    await patientMoves(nurses.token, '2026-11-24T16:00:00.000Z');
    await staffMoves(byStaff._id, '2026-11-24T16:30:00.000Z');
    await patientMoves(later.token, '2026-11-26T15:00:00.000Z'); // three days ahead
    // The patient moved it into the next day, then the front desk moved it: their time now.
    await patientMoves(movedBack.token, '2026-11-24T15:30:00.000Z');
    await staffMoves(movedBack._id, '2026-11-24T14:30:00.000Z');

    const admin = await apiAs(env.app, s.admin.email);
    const clinicWide = (await admin.get('/api/dashboard')).json<DashboardResponse>();
    expect(clinicWide.patientMovesTotal).toBe(2);
    expect(clinicWide.patientMoves).toEqual([
      {
        _id: mine._id,
        date: '2026-11-24T15:00:00.000Z',
        from: '2026-11-25T16:00:00.000Z',
        movedAt: now.toISOString(),
        duration: 30,
        status: 'BOOKED',
        patientName: 'José Núñez',
        staff: { id: s.provider.id, name: s.provider.name },
        clinic: s.clinic.slug,
      },
      expect.objectContaining({
        _id: nurses._id,
        date: '2026-11-24T16:00:00.000Z',
        from: '2026-11-25T16:00:00.000Z',
        patientName: 'Anna Smith',
        staff: { id: s.nurse.id, name: s.nurse.name },
      }),
    ]);

    const provider = await apiAs(env.app, s.provider.email);
    const own = (await provider.get('/api/dashboard')).json<DashboardResponse>();
    expect(own.patientMoves.map((m) => m._id)).toEqual([mine._id]);
    expect(own.patientMovesTotal).toBe(1);
    // Names on screen are reads like the lists'.
    const audited = await auditedRecords(env.db);
    expect(audited.map((r) => r.entityId)).toEqual(expect.arrayContaining([mine._id, nurses._id]));
  });

  it('leaves a visit out once it is cancelled', async () => {
    const visit = await book('2026-11-25T16:00:00.000Z');
    await patientMoves(visit.token, '2026-11-24T15:00:00.000Z');
    const staff = await apiAs(env.app, s.staff.email);
    const admin = await apiAs(env.app, s.admin.email);
    expect((await admin.get('/api/dashboard')).json<DashboardResponse>().patientMovesTotal).toBe(1);
    const res = await staff.post(`/api/appointments/${visit._id}?action=cancel`, {
      reason: 'Feeling better',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = (await admin.get('/api/dashboard')).json<DashboardResponse>();
    expect(body).toMatchObject({ patientMoves: [], patientMovesTotal: 0 });
  });
});
