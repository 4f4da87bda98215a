import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { apiAs } from '../../test/api-client';
import { createAppointment, createPatient } from '../../test/factories';
import * as t from '../../db/schema';
import { paginatedResponse } from '@contracts/appointments';
import { auditedRecords } from '../../test/audited-records';

const now = new Date('2026-11-23T12:00:00Z');
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
const env = useTestApp({ now });
const { s, staff } = useScenario(env);

/**
 * 25 upcoming (one cancelled), 3 past unmarked, 2 completed, 1 no-show, 1 disqualified for the
 * provider; 2 upcoming for the nurse with the other patient.
 */
beforeEach(async () => {
  const db = env.db;
  const mine = { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id };
  for (let i = 0; i < 25; i++) {
    await createAppointment(db, mine, {
      start: hours(24 + i),
      status: i === 0 ? 'CANCELLED' : 'BOOKED',
    });
  }
  for (const [offset, status] of [
    [-2, 'BOOKED'],
    [-3, 'CONFIRMED'],
    [-4, 'SCHEDULED'],
    [-5, 'COMPLETED'],
    [-6, 'COMPLETED'],
    [-7, 'NO_SHOW'],
    [-8, 'DISQUALIFIED'],
  ] as const) {
    await createAppointment(db, mine, { start: hours(offset), status });
  }
  const nurse = { clinicId: s.clinic.id, patientId: s.otherPatient.id, staffId: s.nurse.id };
  await createAppointment(db, nurse, { start: hours(30) });
  await createAppointment(db, nurse, { start: hours(50) });
});

const expectedCounts = {
  all: 34,
  upcoming: 26,
  pending: 3,
  completed: 2,
  cancelled: 1,
  no_show: 1,
};

describe('GET /api/appointments/paginated', () => {
  it('pages by 20 with hasNextPage, and counts every bucket', async () => {
    const first = await staff.get('/api/appointments/paginated');
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.data).toHaveLength(20);
    expect(body.pagination).toEqual({ hasNextPage: true, currentPage: 1 });
    expect(body.counts).toEqual(expectedCounts);
    const second = (await staff.get('/api/appointments/paginated?page=2')).json();
    expect(second.data).toHaveLength(14);
    expect(second.pagination).toEqual({ hasNextPage: false, currentPage: 2 });
    const ids = new Set([...body.data, ...second.data].map((a: { _id: string }) => a._id));
    expect(ids.size).toBe(34);
  });

  it.each([
    ['upcoming', 26],
    ['pending', 3],
    ['completed', 2],
    ['cancelled', 1],
    ['no_show', 1],
    ['all', 34],
    ['CONFIRMED', 1],
    ['confirmed', 1],
  ])('filters status=%s', async (status, expected) => {
    const body = (await staff.get(`/api/appointments/paginated?status=${status}&limit=100`)).json();
    expect(body.data).toHaveLength(expected);
    expect(body.counts).toEqual(expectedCounts);
  });

  it('writes each appointment as the single read does, though the database builds the list', async () => {
    const db = env.db;
    const patient = await createPatient(db, s.clinic.id, {
      firstName: 'Zoë',
      lastName: "O'Brien-Núñez",
      phone: null,
      source: null,
    });
    const appt = await createAppointment(
      db,
      { clinicId: s.clinic.id, patientId: patient.id, staffId: s.provider.id },
      {
        start: new Date(hours(200).getTime() + 123),
        notes: 'Line one\n"quoted" \\ tab\there 🙂',
        status: 'CANCELLED',
      },
    );
    const at = new Date('2026-11-20T10:11:12.345Z');
    await db.insert(t.appointmentEvents).values([
      { appointmentId: appt.id, type: 'BOOKED', at, byName: 'Sam Ortiz' },
      {
        appointmentId: appt.id,
        type: 'RESCHEDULE',
        at,
        fromValue: 'a "b"',
        toValue: 'ç',
        byName: null,
      },
      {
        appointmentId: appt.id,
        type: 'CANCELLED',
        at: hours(-1),
        reason: 'Sick\u0001?',
        byName: 'Ann',
      },
    ]);
    // The first page has a statement of its own, deeper pages another: both are compared.
    const pages = [
      (await staff.get('/api/appointments/paginated?limit=100')).json(),
      (await staff.get('/api/appointments/paginated?page=2&limit=7')).json(),
    ];
    for (const body of pages) {
      // Nothing the contract does not name, nothing missing: parsing keeps the body as it is.
      expect(paginatedResponse.parse(body)).toEqual(body);
      for (const item of body.data) {
        const single = await staff.get(`/api/appointments/${item._id}`);
        expect(item).toEqual(single.json());
      }
    }
    expect(pages[0].data.map((a: { _id: string }) => a._id)).toContain(appt.id);
  });

  it('lists upcoming soonest first and the rest most recent first', async () => {
    const upcoming = (await staff.get('/api/appointments/paginated?status=upcoming&limit=3')).json()
      .data;
    // hours(24) is the cancelled one, which is not upcoming.
    expect(upcoming.map((a: { date: string }) => a.date)).toEqual(
      [hours(25), hours(26), hours(27)].map((d) => d.toISOString()),
    );
    const dates = upcoming.map((a: { date: string }) => a.date);
    expect([...dates].sort()).toEqual(dates);
    const pending = (await staff.get('/api/appointments/paginated?status=pending')).json().data;
    expect(pending.map((a: { date: string }) => a.date)).toEqual(
      [hours(-2), hours(-3), hours(-4)].map((d) => d.toISOString()),
    );
  });

  it('lists All from today outwards: to come soonest first, then past most recent first, on every page', async () => {
    const dates: string[] = [];
    for (let page = 1; ; page++) {
      const body = (await staff.get(`/api/appointments/paginated?limit=5&page=${page}`)).json();
      dates.push(...body.data.map((a: { date: string }) => a.date));
      if (!body.pagination.hasNextPage) break;
    }
    const nowIso = now.toISOString();
    const future = dates.filter((d) => d > nowIso);
    const past = dates.filter((d) => d <= nowIso);
    expect(dates).toHaveLength(34);
    expect(dates).toEqual([...future, ...past]);
    expect(future).toEqual([...future].sort());
    expect(past).toEqual([...past].sort().reverse());
    expect(dates[0]).toBe(hours(24).toISOString());
    // The first page has its own statement: it must agree with the deeper pages' one.
    const firstTen = (await staff.get('/api/appointments/paginated?limit=10')).json().data;
    expect(firstTen.map((a: { date: string }) => a.date)).toEqual(dates.slice(0, 10));
    const lastPage = (await staff.get('/api/appointments/paginated?limit=10&page=4')).json().data;
    expect(lastPage.map((a: { date: string }) => a.date)).toEqual(dates.slice(30));
  });

  it('filters by staff, patient email, free text without accents, and dates', async () => {
    const byStaff = (await staff.get(`/api/appointments/paginated?staffId=${s.nurse.id}`)).json();
    expect(byStaff.data).toHaveLength(2);
    expect(byStaff.counts.all).toBe(2);
    const byEmail = (
      await staff.get(`/api/appointments/paginated?patientEmail=ANNA.SMITH@example.com`)
    ).json();
    expect(byEmail.counts.all).toBe(2);
    const bySearch = (
      await staff.get(`/api/appointments/paginated?search=jose%20nunez&limit=100`)
    ).json();
    expect(bySearch.counts.all).toBe(32);
    const byDate = (
      await staff.get(
        `/api/appointments/paginated?dateFrom=${hours(24).toISOString()}&dateTo=${hours(26).toISOString()}`,
      )
    ).json();
    expect(byDate.counts.all).toBe(3);
    // A calendar date is a whole day in the viewer's zone: Nov 24 in New York holds the starts
    // from 05:00Z Nov 24 to 04:59Z Nov 25, i.e. hours 17..40 after now.
    const byDay = (
      await staff.get(
        '/api/appointments/paginated?dateFrom=2026-11-24&dateTo=2026-11-24&timezone=America/New_York&limit=100',
      )
    ).json();
    const inDay = byDay.data.map((a: { date: string }) => a.date);
    expect(
      inDay.every((d: string) => d >= '2026-11-24T05:00:00.000Z' && d < '2026-11-25T05:00:00.000Z'),
    ).toBe(true);
    expect(byDay.counts.all).toBe(18);
  });

  it('narrows to a clinic by slug or by repeated clinicIds[], and never widens past the user', async () => {
    const bySlug = (await staff.get(`/api/appointments/paginated?clinic=${s.clinic.slug}`)).json();
    expect(bySlug.counts.all).toBe(34);
    const byIds = (
      await staff.get(
        `/api/appointments/paginated?clinicIds[]=${s.clinic.id}&clinicIds[]=${s.foreign.id}`,
      )
    ).json();
    expect(byIds.counts.all).toBe(34);
    const foreignOnly = (
      await staff.get(`/api/appointments/paginated?clinic=${s.foreign.slug}`)
    ).json();
    expect(foreignOnly.counts.all).toBe(0);
    expect(foreignOnly.data).toEqual([]);
  });

  it('writes one audit row naming every appointment the page shows', async () => {
    await env.db.execute(sql`truncate audit_log`);
    const page = (await staff.get('/api/appointments/paginated?limit=20')).json();
    const [row, ...more] = await env.db.select().from(t.auditLog);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ action: 'read', entityType: 'appointment', userId: s.staff.id });
    const records = await auditedRecords(env.db);
    expect(records.map((r) => [r.entityId, r.patientId])).toEqual(
      page.data.map((a: { _id: string; patient: { id: string } }) => [a._id, a.patient.id]),
    );
  });

  it.each([
    'page=0',
    'limit=1000',
    'status=everything',
    'dateFrom=yesterday',
    'staffId=abc',
    'timezone=Mars/Base',
  ])('refuses %s with a 400', async (query) => {
    const res = await staff.get(`/api/appointments/paginated?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });
});

describe('GET /api/appointments/counts', () => {
  it('answers the same counts as the list, with the same filters', async () => {
    expect((await staff.get('/api/appointments/counts')).json()).toEqual(expectedCounts);
    expect((await staff.get(`/api/appointments/counts?staffId=${s.nurse.id}`)).json()).toEqual({
      all: 2,
      upcoming: 2,
      pending: 0,
      completed: 0,
      cancelled: 0,
      no_show: 0,
    });
  });
});

describe('GET /api/appointments (date range)', () => {
  it('gives a provider their own future appointments by default, and the clinic with includeAll', async () => {
    const provider = await apiAs(env.app, s.provider.email);
    const own = (await provider.get('/api/appointments')).json();
    expect(own).toHaveLength(25);
    const withPast = (await provider.get('/api/appointments?includeExpired=true')).json();
    expect(withPast).toHaveLength(32);
    const everyone = (
      await provider.get('/api/appointments?includeAll=true&includeExpired=true')
    ).json();
    expect(everyone).toHaveLength(34);
    const dates = everyone.map((a: { date: string }) => a.date);
    expect([...dates].sort()).toEqual(dates);
  });

  it('bounds the range by whole local days in the given time zone', async () => {
    const res = await staff.get(
      '/api/appointments?includeAll=true&includeExpired=true&startDate=2026-11-23&endDate=2026-11-23&timezone=America/New_York',
    );
    const dates = res.json().map((a: { date: string }) => a.date);
    expect(dates.length).toBeGreaterThan(0);
    expect(
      dates.every((d: string) => d >= '2026-11-23T05:00:00.000Z' && d < '2026-11-24T05:00:00.000Z'),
    ).toBe(true);
  });
});

describe('dates and numbers outside what the calls take', () => {
  // Each of these once reached code that could not compute with it and answered 500.
  it.each([
    '/api/appointments/counts?dateFrom=9999-12-31T23:59:59.999Z',
    '/api/appointments/paginated?dateTo=9999-12-31',
    '/api/appointments/paginated?dateFrom=0001-01-01',
    '/api/appointments/paginated?dateFrom=0000-01-01T00:00:00Z',
    '/api/appointments?startDate=0000-01-01',
    '/api/appointments?endDate=9999-12-31',
    '/api/appointments/paginated?page=0x10',
    '/api/appointments/paginated?limit=1e1',
    '/api/appointments/paginated?page=%207',
  ])('%s is a 400 that says what is wrong', async (url) => {
    const res = await staff.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', details: expect.any(String) });
    expect(res.json().details).toMatch(/between 1900 and 2199|whole number/);
  });

  it('takes the earliest and latest dates it names', async () => {
    const res = await staff.get(
      '/api/appointments/paginated?dateFrom=1900-01-01&dateTo=2199-12-31T23:59:59.999Z',
    );
    expect(res.statusCode).toBe(200);
    expect(paginatedResponse.parse(res.json()).counts.all).toBe(expectedCounts.all);
  });
});

describe('GET /api/appointments/:id', () => {
  it('returns the appointment with its history oldest first', async () => {
    const db = env.db;
    const patient = await createPatient(db, s.clinic.id);
    const appt = await createAppointment(
      db,
      { clinicId: s.clinic.id, patientId: patient.id, staffId: s.provider.id },
      { start: hours(100) },
    );
    await db.insert(t.appointmentEvents).values([
      { appointmentId: appt.id, type: 'BOOKED', at: hours(-10), byName: 'Sam Ortiz' },
      {
        appointmentId: appt.id,
        type: 'RESCHEDULE',
        at: hours(-5),
        fromValue: 'a',
        toValue: 'b',
        byName: 'Sam Ortiz',
      },
    ]);
    const body = (await staff.get(`/api/appointments/${appt.id}`)).json();
    expect(body.statusHistory.map((e: { type: string }) => e.type)).toEqual([
      'BOOKED',
      'RESCHEDULE',
    ]);
    expect(body.patient.clinic).toBe(s.clinic.slug);
  });
});
