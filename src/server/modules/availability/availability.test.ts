import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_SEGMENTS_PER_DAY, type SaveAvailabilityBody } from '@contracts/availability';
import { useTestApp } from '../../test/test-app';
import { createSignInUser, signIn } from '../../test/auth-helpers';
import { createClinic, createUser } from '../../test/factories';
import * as t from '../../db/schema';

// Saturday 10:00 in New York; Monday 2026-11-23 is the next working day.
const NOW = new Date('2026-11-21T15:00:00Z');
const env = useTestApp({ now: NOW });

type Method = 'GET' | 'PUT';
function as(cookie?: string) {
  const call = (method: Method, url: string, payload?: unknown) =>
    env.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
  return {
    get: (url: string) => call('GET', url),
    put: (url: string, body: unknown) => call('PUT', url, body),
  };
}

async function scenario() {
  const db = env.db;
  const clinic = await createClinic(db, { timezone: 'America/New_York' });
  const elsewhere = await createClinic(db);
  const provider = await createSignInUser(db, { role: 'provider', clinicIds: [clinic.id] });
  const nurse = await createSignInUser(db, { role: 'nurse', clinicIds: [clinic.id] });
  const admin = await createSignInUser(db, { role: 'admin', clinicIds: [clinic.id] });
  const staff = await createSignInUser(db, { role: 'staff', clinicIds: [clinic.id] });
  const outsider = await createUser(db, { role: 'provider', clinicIds: [elsewhere.id] });
  return {
    clinic,
    provider,
    nurse,
    admin,
    staff,
    outsider,
    asProvider: as(await signIn(env.app, provider.email)),
    asNurse: as(await signIn(env.app, nurse.email)),
    asAdmin: as(await signIn(env.app, admin.email)),
    asStaff: as(await signIn(env.app, staff.email)),
  };
}

const week: SaveAvailabilityBody = {
  timezone: 'Europe/London',
  weekly: [
    { weekday: 2, start: '13:00', end: '17:00' },
    { weekday: 2, start: '08:00', end: '12:00' },
    { weekday: 5, start: '22:00', end: '06:00' },
  ],
  overrides: [
    { date: '2026-12-25', kind: 'off' },
    { date: '2026-12-25', kind: 'off' },
    { date: '2026-12-28', kind: 'hours', segments: [{ start: '14:00', end: '16:00' }] },
    { date: '2026-12-28', kind: 'hours', segments: [{ start: '09:00', end: '10:00' }] },
    { date: '2026-12-28', kind: 'off' },
  ],
};

describe('GET /api/availability', () => {
  it('gives an agent without a saved schedule the default hours in their own zone', async () => {
    const s = await scenario();
    const res = await s.asProvider.get('/api/availability');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      agent: { id: s.provider.id, role: 'provider' },
      clinics: [{ slug: s.clinic.slug }],
      timezone: 'America/New_York',
      overrides: [],
      isDefault: true,
      updatedAt: null,
    });
    expect(body.weekly).toEqual(
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    );
  });

  it('falls back to UTC for an agent who has no time zone of their own', async () => {
    const clinic = await createClinic(env.db);
    const nurse = await createSignInUser(env.db, {
      role: 'nurse',
      timezone: null,
      clinicIds: [clinic.id],
    });
    const res = await as(await signIn(env.app, nurse.email)).get('/api/availability');
    expect(res.json()).toMatchObject({ timezone: 'UTC', isDefault: true });
  });

  it('is for providers and nurses: staff and admins get 403, nobody signed in 401', async () => {
    const s = await scenario();
    expect((await s.asNurse.get('/api/availability')).statusCode).toBe(200);
    expect((await s.asStaff.get('/api/availability')).statusCode).toBe(403);
    expect((await s.asStaff.put('/api/availability', week)).statusCode).toBe(403);
    expect((await s.asAdmin.get('/api/availability')).statusCode).toBe(403);
    expect((await as().get('/api/availability')).statusCode).toBe(401);
  });
});

describe('PUT /api/availability', () => {
  it('saves the week and the overrides, one per date and kind, and reads them back', async () => {
    const s = await scenario();
    const res = await s.asProvider.put('/api/availability', week);
    expect(res.statusCode).toBe(200);
    const expected = {
      timezone: 'Europe/London',
      isDefault: false,
      updatedAt: NOW.toISOString(),
      weekly: [
        { weekday: 2, start: '08:00', end: '12:00' },
        { weekday: 2, start: '13:00', end: '17:00' },
        { weekday: 5, start: '22:00', end: '06:00' },
      ],
      overrides: [
        { date: '2026-12-25', kind: 'off' },
        {
          date: '2026-12-28',
          kind: 'hours',
          segments: [
            { start: '09:00', end: '10:00' },
            { start: '14:00', end: '16:00' },
          ],
        },
        { date: '2026-12-28', kind: 'off' },
      ].sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind)),
    };
    expect(res.json()).toMatchObject(expected);
    expect((await s.asProvider.get('/api/availability')).json()).toMatchObject(expected);
    // Saving replaces, never appends.
    await s.asProvider.put('/api/availability', { ...week, overrides: [] });
    const rows = await env.db
      .select()
      .from(t.scheduleOverrides)
      .where(eq(t.scheduleOverrides.agentId, s.provider.id));
    expect(rows).toEqual([]);
  });

  it('accepts empty days and an empty week', async () => {
    const s = await scenario();
    const res = await s.asNurse.put('/api/availability', {
      timezone: 'UTC',
      weekly: [],
      overrides: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ weekly: [], isDefault: false });
  });

  it('refuses overlapping segments and an end equal to the start, listing every problem', async () => {
    const s = await scenario();
    const res = await s.asProvider.put('/api/availability', {
      timezone: 'UTC',
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '13:00' },
        { weekday: 3, start: '10:00', end: '10:00' },
      ],
      overrides: [
        {
          date: '2026-12-01',
          kind: 'hours',
          segments: [
            { start: '09:00', end: '11:00' },
            { start: '10:00', end: '12:00' },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('bad_request');
    expect(body.details).toContain('Segments overlap on Monday');
    expect(body.details).toContain('End time must differ from start time');
    expect(body.details).toContain('Extra hours on Dec 1, 2026 overlap');
    // Nothing was written.
    expect((await s.asProvider.get('/api/availability')).json().isDefault).toBe(true);
  });

  it('refuses more ranges on one date than a day may have, even spread over several entries', async () => {
    const s = await scenario();
    // Seven one-hour ranges in each entry: within the limit apart, fourteen together.
    const ranges = (from: number) =>
      Array.from({ length: 7 }, (_, i) => {
        const hour = String(from + i).padStart(2, '0');
        return { start: `${hour}:00`, end: `${hour}:30` };
      });
    const body = {
      timezone: 'UTC',
      weekly: [],
      overrides: [
        { date: '2026-12-02', kind: 'hours', segments: ranges(0) },
        { date: '2026-12-02', kind: 'hours', segments: ranges(8) },
      ],
    };
    for (const [caller, url] of [
      [s.asProvider, '/api/availability'],
      [s.asAdmin, `/api/admin/agents/${s.provider.id}/availability`],
    ] as const) {
      const res = await caller.put(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContain(
        `Extra hours on Dec 2, 2026: at most ${MAX_SEGMENTS_PER_DAY} time ranges a day`,
      );
      // Nothing was written, and the schedule still reads.
      const read = await caller.get(url);
      expect(read.statusCode).toBe(200);
      expect(read.json().isDefault).toBe(true);
    }
  });

  it('sees an overnight Saturday shift running into Sunday morning as overlapping', async () => {
    const s = await scenario();
    const res = await s.asProvider.put('/api/availability', {
      timezone: 'UTC',
      weekly: [
        { weekday: 6, start: '22:00', end: '06:00' },
        { weekday: 0, start: '05:00', end: '09:00' },
      ],
      overrides: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContain('Segments overlap on Sunday');
  });

  it.each([
    ['an unknown time zone', { ...week, timezone: 'Mars/Olympus_Mons' }],
    [
      'a weekday past Saturday',
      { ...week, weekly: [{ weekday: 7, start: '09:00', end: '10:00' }] },
    ],
    ['a time that is not HH:mm', { ...week, weekly: [{ weekday: 1, start: '9am', end: '10:00' }] }],
    ['an hour past 23', { ...week, weekly: [{ weekday: 1, start: '09:00', end: '24:00' }] }],
    ['a date that does not exist', { ...week, overrides: [{ date: '2026-02-30', kind: 'off' }] }],
    ['a date in another format', { ...week, overrides: [{ date: '12/25/2026', kind: 'off' }] }],
    ['an unknown override kind', { ...week, overrides: [{ date: '2026-12-25', kind: 'holiday' }] }],
    [
      'extra hours without times',
      { ...week, overrides: [{ date: '2026-12-25', kind: 'hours', segments: [] }] },
    ],
    [
      'more than 500 overrides',
      {
        ...week,
        overrides: Array.from({ length: 501 }, (_, i) => ({
          date: new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
          kind: 'off',
        })),
      },
    ],
    ['a missing week', { timezone: 'UTC', overrides: [] }],
  ])('answers 400 for %s', async (_, body) => {
    const s = await scenario();
    const res = await s.asProvider.put('/api/availability', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });

  it('lets two saves of one agent at once finish, the last one winning whole', async () => {
    const s = await scenario();
    const a = { ...week, overrides: [{ date: '2026-12-24', kind: 'off' as const }] };
    const b = {
      ...week,
      timezone: 'UTC',
      overrides: [{ date: '2026-12-31', kind: 'off' as const }],
    };
    const results = await Promise.all([
      s.asProvider.put('/api/availability', a),
      s.asProvider.put('/api/availability', b),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const saved = (await s.asProvider.get('/api/availability')).json();
    const pair = [saved.timezone, saved.overrides.map((o: { date: string }) => o.date)];
    expect([
      ['Europe/London', ['2026-12-24']],
      ['UTC', ['2026-12-31']],
    ]).toContainEqual(pair);
  });
});

describe('/api/admin/agents/:id/availability', () => {
  it('lets an admin read and replace the schedule of an agent in their clinic', async () => {
    const s = await scenario();
    const url = `/api/admin/agents/${s.nurse.id}/availability`;
    expect((await s.asAdmin.get(url)).json()).toMatchObject({
      agent: { id: s.nurse.id, role: 'nurse' },
      isDefault: true,
    });
    const res = await s.asAdmin.put(url, week);
    expect(res.statusCode).toBe(200);
    // The nurse sees what the admin saved.
    expect((await s.asNurse.get('/api/availability')).json()).toMatchObject({
      timezone: 'Europe/London',
      isDefault: false,
      weekly: expect.arrayContaining([{ weekday: 5, start: '22:00', end: '06:00' }]),
    });
  });

  it('answers 404 for agents outside the admin clinics, non-agents and unknown ids', async () => {
    const s = await scenario();
    for (const id of [
      s.outsider.id,
      s.staff.id,
      s.admin.id,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const url = `/api/admin/agents/${id}/availability`;
      expect((await s.asAdmin.get(url)).statusCode).toBe(404);
      expect((await s.asAdmin.put(url, week)).statusCode).toBe(404);
    }
    const rows = await env.db
      .select()
      .from(t.schedules)
      .where(eq(t.schedules.agentId, s.outsider.id));
    expect(rows).toEqual([]);
  });

  it('is for admins only, and a malformed id is a 400', async () => {
    const s = await scenario();
    const url = `/api/admin/agents/${s.nurse.id}/availability`;
    expect((await s.asProvider.get(url)).statusCode).toBe(403);
    expect((await s.asStaff.put(url, week)).statusCode).toBe(403);
    expect((await s.asAdmin.get('/api/admin/agents/not-a-uuid/availability')).statusCode).toBe(400);
  });
});

describe('a schedule change reaches the slots', () => {
  const slotTimes = async (
    client: ReturnType<typeof as>,
    slug: string,
    agentId: string,
    date: string,
  ) => {
    const res = await client.get(
      `/api/clinics/${slug}/slots?from=${date}&to=${date}&duration=30&agentId=${agentId}&timezone=America/New_York`,
    );
    expect(res.statusCode).toBe(200);
    return (res.json().slots as Array<{ startTime: string }>).map((slot) => slot.startTime);
  };

  it('offers exactly the new hours, honours days off and adds extra hours', async () => {
    const s = await scenario();
    const url = `/api/admin/agents/${s.provider.id}/availability`;
    const before = await slotTimes(s.asAdmin, s.clinic.slug, s.provider.id, '2026-11-23');
    expect(before).toHaveLength(16);

    await s.asAdmin.put(url, {
      timezone: 'America/New_York',
      weekly: [{ weekday: 1, start: '10:00', end: '11:00' }],
      overrides: [
        { date: '2026-11-30', kind: 'off' },
        { date: '2026-11-28', kind: 'hours', segments: [{ start: '15:00', end: '15:30' }] },
      ],
    });
    expect(await slotTimes(s.asAdmin, s.clinic.slug, s.provider.id, '2026-11-23')).toEqual([
      '2026-11-23T15:00:00.000Z',
      '2026-11-23T15:30:00.000Z',
    ]);
    expect(await slotTimes(s.asAdmin, s.clinic.slug, s.provider.id, '2026-11-24')).toEqual([]);
    expect(await slotTimes(s.asAdmin, s.clinic.slug, s.provider.id, '2026-11-30')).toEqual([]);
    expect(await slotTimes(s.asAdmin, s.clinic.slug, s.provider.id, '2026-11-28')).toEqual([
      '2026-11-28T20:00:00.000Z',
    ]);
  });
});
