// GET /api/reports and its CSV tables: who may read them (the authorization matrix), and figures
// equal to a direct SQL count of the same clinic-local period.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { reportResponse } from '@contracts/reports';
import { KEEP_COMPRESSED_BYTES } from '../../core/json-text';
import { queryRows } from '../../db/client';
import * as t from '../../db/schema';
import { createAppointment } from '../../test/factories';
import { useScenario, useTestApp } from '../../test/test-app';

const env = useTestApp({ now: '2026-12-15T12:00:00Z' });
const scene = useScenario(env, 'admin', 'provider', 'nurse');
const NOVEMBER = 'from=2026-11-01&to=2026-11-30&by=month';

beforeEach(async () => {
  const { s } = scene;
  const book = (
    staffId: string,
    start: string,
    status: string,
    createdAt = '2026-10-20T12:00:00Z',
  ) =>
    createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId },
      { start: new Date(start), status, createdAt: new Date(createdAt) },
    );
  // 1 November 00:30 and 30 November 23:30 in New York (the second 1 December in UTC):
  // November on the clinic's calendar, both.
  await book(s.provider.id, '2026-11-01T04:30:00Z', 'COMPLETED');
  await book(s.provider.id, '2026-12-01T04:30:00Z', 'NO_SHOW');
  await book(s.provider.id, '2026-11-10T15:00:00Z', 'CANCELLED');
  await book(s.nurse.id, '2026-11-11T15:00:00Z', 'BOOKED', '2026-11-01T15:00:00Z');
  // 1 December 00:30 in New York: December's, not November's.
  await book(s.nurse.id, '2026-12-01T05:30:00Z', 'COMPLETED');
});

/** The same period counted straight from appointments, on the clinic's calendar. */
async function directCount(clinicId: string) {
  const [row] = await queryRows<Record<string, number>>(
    env.db,
    sql`select count(*)::int as booked,
               count(*) filter (where a.status = 'COMPLETED')::int as attended,
               count(*) filter (where a.status = 'NO_SHOW')::int as "noShows",
               count(*) filter (where a.status = 'CANCELLED')::int as cancelled,
               coalesce(sum(a.duration) filter (where a.status <> 'CANCELLED'), 0)::int as "bookedMinutes"
        from ${t.appointments} a join ${t.clinics} c on c.id = a.clinic_id
        where a.clinic_id = ${clinicId}
          and (a.start_at at time zone c.timezone)::date between '2026-11-01' and '2026-11-30'`,
  );
  return row!;
}

describe('GET /api/reports', () => {
  it('answers an admin with figures equal to a direct count of the clinic’s own November', async () => {
    const res = await scene.admin.get(`/api/reports?${NOVEMBER}&group=provider`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    // Sent as JSON text without the contract's serializer: the answer must still be its shape.
    expect(reportResponse.strict().parse(report)).toEqual(report);
    expect(report.clinics.map((c: { id: string }) => c.id)).toEqual([scene.s.clinic.id]);
    expect(report.total).toMatchObject(await directCount(scene.s.clinic.id));
    expect(report.total).toMatchObject({ booked: 4, noShows: 1, attended: 1, cancelled: 1 });
    const provider = report.groups.find((g: { key: string }) => g.key === scene.s.provider.id);
    // 08:00–18:00 every day of November: 600 minutes a day, 30 days; 2 visits not cancelled.
    expect(provider.total).toMatchObject({
      availableMinutes: 18_000,
      bookedMinutes: 60,
      noShowRate: 0.5,
    });
    expect(provider.total.utilisation).toBeCloseTo(60 / 18_000);
    expect(report.groups.map((g: { name: string }) => g.name)).toEqual([
      'Dr. Priya Raman',
      'Nora Kelly',
    ]);
  });

  it('follows at once every change a report shows, though a report is kept for a minute', async () => {
    const { s } = scene;
    const report = async (group: string) => {
      const res = await scene.admin.get(`/api/reports?${NOVEMBER}&group=${group}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        total: { booked: number; availableMinutes: number | null };
        groups: Array<{ key: string; name: string }>;
      };
    };
    const before = await report('provider');
    expect(before.total.booked).toBe(4);
    // Kept: the same answer a little later.
    env.setNow('2026-12-15T12:00:30Z');
    await scene.signInAgain();
    expect(await report('provider')).toEqual(before);
    // A visit booked.
    await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.nurse.id },
      { start: new Date('2026-11-20T15:00:00Z') },
    );
    expect((await report('provider')).total.booked).toBe(5);
    // An agent renamed, the clinic renamed, the default service renamed.
    await env.db.execute(
      sql`update ${t.users} set name = 'Nora Kelly-Byrne' where id = ${s.nurse.id}`,
    );
    expect((await report('provider')).groups.map((g) => g.name)).toContain('Nora Kelly-Byrne');
    await env.db.execute(
      sql`update ${t.clinics} set name = 'Harbour Clinic' where id = ${s.clinic.id}`,
    );
    expect((await report('clinic')).groups.map((g) => g.name)).toEqual(['Harbour Clinic']);
    await env.db.execute(
      sql`update ${t.services} set name = 'Consultation' where clinic_id = ${s.clinic.id} and is_default`,
    );
    expect((await report('service')).groups.map((g) => g.name)).toEqual(['Consultation']);
    // A day off for the provider: fewer available minutes.
    const hours = (await report('provider')).total.availableMinutes!;
    await env.db.execute(
      sql`insert into ${t.scheduleOverrides} (agent_id, date, kind) values (${s.provider.id}, '2026-11-16', 'off')`,
    );
    expect((await report('provider')).total.availableMinutes).toBe(hours - 600);
  });

  it('sends a large report compressed as the browser asks, and as it is to a client that asks for nothing', async () => {
    const url = '/api/reports?from=2025-01-01&to=2026-12-31&by=week&group=source';
    const get = (encoding?: string) =>
      env.app.inject({
        method: 'GET',
        url,
        headers: {
          cookie: scene.admin.cookie,
          ...(encoding === undefined ? {} : { 'accept-encoding': encoding }),
        },
      });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(KEEP_COMPRESSED_BYTES);
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect((await get('identity')).rawPayload).toEqual(plain.rawPayload);
  });

  it('splits by week on the clinic’s calendar and by source with every channel present', async () => {
    const weeks = (
      await scene.admin.get(`/api/reports?from=2026-11-01&to=2026-11-30&by=week`)
    ).json();
    expect(weeks.buckets.map((b: { from: string }) => b.from)).toEqual([
      '2026-11-01',
      '2026-11-08',
      '2026-11-15',
      '2026-11-22',
      '2026-11-29',
    ]);
    expect(weeks.bucketTotals.map((f: { booked: number }) => f.booked)).toEqual([1, 2, 0, 0, 1]);
    const sources = (await scene.admin.get(`/api/reports?${NOVEMBER}&group=source`)).json();
    expect(
      sources.groups.map((g: { key: string; total: { booked: number } }) => [
        g.key,
        g.total.booked,
      ]),
    ).toEqual([
      ['fhir', 0],
      ['front_desk', 4],
      ['online', 0],
      ['self_service', 0],
    ]);
    expect(sources.total.availableMinutes).toBeNull();
  });

  it('refuses providers, nurses and the front desk until the clinic allows their role', async () => {
    for (const caller of [scene.staff, scene.provider, scene.nurse]) {
      const res = await caller.get(`/api/reports?${NOVEMBER}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        error: 'forbidden',
        message: expect.stringMatching(/admin/),
      });
    }
    // The clinic's admin opens them to the front desk in the clinic's settings, audited.
    const policyUrl = `/api/admin/clinics/${scene.s.clinic.slug}/policy`;
    const reminders = (await scene.admin.get(policyUrl)).json().policy.reminders;
    expect((await scene.admin.get(policyUrl)).json().policy.reports).toEqual({ viewerRoles: [] });
    for (const viewerRoles of [['admin'], ['staff', 'staff'], 'staff']) {
      const bad = await scene.admin.put(policyUrl, { reminders, reports: { viewerRoles } });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().details).toMatch(/\w/);
    }
    const byStaff = await scene.staff.put(policyUrl, {
      reminders,
      reports: { viewerRoles: ['staff'] },
    });
    expect(byStaff.statusCode).toBe(403);
    const foreign = `/api/admin/clinics/${scene.s.foreign.slug}/policy`;
    const elsewhere = await scene.admin.put(foreign, {
      reminders,
      reports: { viewerRoles: ['staff'] },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await scene.staff.get(`/api/reports?${NOVEMBER}`)).statusCode).toBe(403);
    const readsReports = async (caller: typeof scene.staff) =>
      (await caller.get('/api/auth/session')).json().user.readsReports;
    expect(await readsReports(scene.staff)).toBe(false);
    expect(await readsReports(scene.admin)).toBe(true);
    const saved = await scene.admin.put(policyUrl, {
      reminders,
      reports: { viewerRoles: ['staff'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().policy.reports).toEqual({ viewerRoles: ['staff'] });
    const audited = await queryRows<{ details: { changes: unknown[] } }>(
      env.db,
      sql`select details from ${t.auditLog}
          where entity_type = 'clinic' and entity_id = ${scene.s.clinic.id}
            and details::text like '%reports.viewerRoles%'`,
    );
    expect(audited.map((r) => r.details.changes)).toEqual([
      [{ field: 'reports.viewerRoles', from: [], to: ['staff'] }],
    ]);
    // A save that leaves reports out keeps them as they are.
    expect((await scene.admin.put(policyUrl, { reminders })).json().policy.reports).toEqual({
      viewerRoles: ['staff'],
    });
    expect((await scene.staff.get(`/api/reports?${NOVEMBER}`)).statusCode).toBe(200);
    // The sidebar offers Reports to the front desk now, and still not to providers.
    expect(await readsReports(scene.staff)).toBe(true);
    expect(await readsReports(scene.provider)).toBe(false);
    expect((await scene.staff.get(`/api/reports/export?${NOVEMBER}`)).statusCode).toBe(200);
    expect((await scene.provider.get(`/api/reports?${NOVEMBER}`)).statusCode).toBe(403);
    expect((await scene.provider.get(`/api/reports/export?${NOVEMBER}`)).statusCode).toBe(403);
  });

  it('never shows another clinic’s data: its slug is a 404, and its visits count nowhere', async () => {
    const res = await scene.admin.get(`/api/reports?clinic=${scene.s.foreign.slug}&${NOVEMBER}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    const all = (await scene.admin.get(`/api/reports?${NOVEMBER}&group=clinic`)).json();
    expect(all.groups.map((g: { key: string }) => g.key)).toEqual([scene.s.clinic.id]);
    expect(all.total.booked).toBe(4);
    expect(
      (await env.app.inject({ method: 'GET', url: `/api/reports?${NOVEMBER}` })).statusCode,
    ).toBe(401);
  });

  it('refuses a period it cannot report on in words a person can act on', async () => {
    const backwards = await scene.admin.get('/api/reports?from=2026-11-30&to=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      error: 'bad_request',
      message: expect.stringMatching(/ends before it starts/),
    });
    const half = await scene.admin.get('/api/reports?from=2026-11-01');
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toMatch(/both the first and the last day/);
  });
});

describe('GET /api/reports/export', () => {
  it('writes each table as CSV, a cell that would be a formula starting with a quote', async () => {
    await env.db.execute(
      sql`update ${t.users} set name = '=HYPERLINK("x")' where id = ${scene.s.nurse.id}`,
    );
    const totals = await scene.admin.get(
      `/api/reports/export?${NOVEMBER}&group=provider&table=groups`,
    );
    expect(totals.statusCode).toBe(200);
    expect(totals.headers['content-type']).toMatch(/text\/csv/);
    expect(totals.headers['content-disposition']).toMatch(
      /carebook-report-provider-totals-2026-11-01-to-2026-11-30\.csv/,
    );
    const lines = totals.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^Provider,Booked,Attended,No-shows,No-show rate,/);
    expect(lines).toContain(
      `"'=HYPERLINK(""x"")",1,0,0,0.0000,0,0,10.0,30,18000,0.0017,0,1,0,0.0000`,
    );
    const weekly = await scene.admin.get(
      `/api/reports/export?from=2026-11-01&to=2026-11-30&by=week&group=clinic&table=buckets`,
    );
    const weekLines = weekly.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(weekLines[0]).toMatch(/^Week from,Clinic,Booked,/);
    expect(weekLines).toHaveLength(6);
  });
});
