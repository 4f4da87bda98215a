import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { createSignInUser, sessionCookieFor } from '../../test/auth-helpers';
import { createClinic, createPatient } from '../../test/factories';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema';
import { recordAudit, recordReadAudit } from './audit-trail';

const env = useTestApp();

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 15, minute));

/**
 * The admin works at Northside. Nora works at Northside and Elsewhere; Sam only at Elsewhere.
 * Five rows, a minute apart; the admin may see three of them: not Sam's or Nora's reads of
 * Elsewhere's patient, though Nora works at Northside too.
 */
async function auditWorld() {
  const db = env.db;
  const north = await createClinic(db, { name: 'Northside Clinic' });
  const elsewhere = await createClinic(db, { name: 'Elsewhere Clinic' });
  const admin = await createSignInUser(db, { role: 'admin', clinicIds: [north.id] });
  const nora = await createSignInUser(db, { role: 'nurse', clinicIds: [north.id, elsewhere.id] });
  const sam = await createSignInUser(db, { role: 'provider', clinicIds: [elsewhere.id] });
  const ours = await createPatient(db, north.id, { firstName: 'Olive', lastName: 'Ours' });
  const theirs = await createPatient(db, elsewhere.id, { firstName: 'Tess', lastName: 'Theirs' });
  const read = (patientId: string) =>
    [{ action: 'read', entityType: 'patient', entityId: patientId, patientId }] as const;
  await recordAudit(db, { userId: nora.id, ip: '10.0.0.1' }, read(ours.id), at(1));
  await recordAudit(db, { userId: sam.id, ip: '10.0.0.2' }, read(theirs.id), at(2));
  await recordAudit(db, { userId: nora.id, ip: '10.0.0.3' }, read(theirs.id), at(3));
  await recordAudit(db, { userId: sam.id, ip: '10.0.0.4' }, read(ours.id), at(4));
  await recordAudit(
    db,
    { userId: null, ip: '127.0.0.1' },
    [
      {
        action: 'update',
        entityType: 'patient',
        entityId: ours.id,
        patientId: ours.id,
        details: { field: 'phone' },
      },
    ],
    at(5),
  );
  const cookie = await sessionCookieFor(env.db, admin.id);
  const browse = (query = '') =>
    env.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: { cookie } });
  return { admin, nora, sam, ours, theirs, browse };
}

type Row = { at: string; ip: string; user: { id: string } | null; patientName: string | null };
let w: Awaited<ReturnType<typeof auditWorld>>;
beforeEach(async () => {
  w = await auditWorld();
});

const ips = async (query = '') => {
  const res = await w.browse(query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Row[]).map((r) => r.ip);
};

describe('browsing the audit log', () => {
  it('lists the admin’s clinics’ rows newest first, with who and whose record', async () => {
    const res = await w.browse();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ hasNextPage: false, currentPage: 1 });
    expect(body.data.map((r: Row) => r.ip)).toEqual(['127.0.0.1', '10.0.0.4', '10.0.0.1']);
    expect(body.data[0]).toMatchObject({
      at: at(5).toISOString(),
      user: null,
      action: 'update',
      entityType: 'patient',
      entityId: w.ours.id,
      patientId: w.ours.id,
      patientName: 'Olive Ours',
      details: { field: 'phone' },
    });
    expect(body.data[1]).toMatchObject({
      user: { id: w.sam.id, name: w.sam.name, email: w.sam.email },
      patientName: 'Olive Ours',
    });
    expect(body.data[1].id).toMatch(/^\d+$/);
  });

  it('hides what a colleague did with another clinic’s patient, even asked for by id', async () => {
    const res = await w.browse(`?patientId=${w.theirs.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    const all = await w.browse(`?userId=${w.nora.id}`);
    expect(all.body).not.toContain(w.theirs.id);
    expect(all.body).not.toContain('Theirs');
  });

  it('filters by user and by patient', async () => {
    expect(await ips(`?userId=${w.nora.id}`)).toEqual(['10.0.0.1']);
    expect(await ips(`?userId=${w.sam.id}`)).toEqual(['10.0.0.4']);
    expect(await ips(`?patientId=${w.ours.id}&userId=${w.nora.id}`)).toEqual(['10.0.0.1']);
  });

  it('filters by a date range, from inclusive and to exclusive, in any offset', async () => {
    const from = encodeURIComponent('2026-11-21T10:03:00-05:00');
    const to = encodeURIComponent(at(5).toISOString());
    expect(await ips(`?from=${from}&to=${to}`)).toEqual(['10.0.0.4']);
    expect(await ips('?userId=&patientId=&from=&to=&page=&limit=')).toHaveLength(3);
  });

  it('pages through the rows', async () => {
    const first = (await w.browse('?limit=2')).json();
    expect(first.pagination).toEqual({ hasNextPage: true, currentPage: 1 });
    expect(first.data).toHaveLength(2);
    const second = (await w.browse('?limit=2&page=2')).json();
    expect(second.pagination).toEqual({ hasNextPage: false, currentPage: 2 });
    expect(second.data.map((r: Row) => r.ip)).toEqual(['10.0.0.1']);
    expect((await w.browse('?limit=2&page=9')).json().data).toEqual([]);
  });

  it('shows a read of several records, stored as one row, as one entry of the admin’s records', async () => {
    const db = env.db;
    const other = await createPatient(db, (await createClinic(db, { name: 'Third' })).id);
    const shown = [w.ours, w.theirs, other].map((p, i) => ({
      action: 'read' as const,
      entityType: 'appointment' as const,
      entityId: `00000000-0000-4000-8000-00000000000${i}`,
      patientId: p.id,
      details: { via: 'list' },
    }));
    await recordReadAudit(db, { userId: w.nora.id, ip: '10.0.0.9' }, shown, at(6));
    const rows = await db.select().from(t.auditLog).where(eq(t.auditLog.ip, '10.0.0.9'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entityId: null,
      patientId: null,
      entityIds: shown.map((e) => e.entityId),
      patientIds: shown.map((e) => e.patientId),
    });

    // Only Olive's record is about the admin's clinic; the other two records of the same row are
    // other clinics' business, and the entry does not even count them.
    const body = (await w.browse('?limit=2')).json();
    expect(body.data).toEqual([
      expect.objectContaining({
        id: String(rows[0]!.id),
        ip: '10.0.0.9',
        entityType: 'appointment',
        entityId: null,
        patientId: null,
        patientName: null,
        records: [
          { entityId: shown[0]!.entityId, patientId: w.ours.id, patientName: 'Olive Ours' },
        ],
        details: { via: 'list' },
      }),
      expect.objectContaining({ ip: '127.0.0.1' }),
    ]);
    expect(JSON.stringify(body)).not.toContain(w.theirs.id);
    expect(JSON.stringify(body)).not.toContain(other.id);
    expect(body.pagination.hasNextPage).toBe(true);
    expect(await ips(`?patientId=${w.theirs.id}`)).toEqual([]);
    expect(await ips(`?patientId=${other.id}`)).toEqual([]);
    expect(await ips(`?userId=${w.sam.id}`)).toEqual(['10.0.0.4']);
  });

  it('stores a read of records of two kinds, interleaved, as a row per kind in their order', async () => {
    const db = env.db;
    const list = { via: 'list' };
    const entry = (i: number, details: Record<string, unknown>) => ({
      action: 'read' as const,
      entityType: 'appointment' as const,
      entityId: `00000000-0000-4000-8000-00000000001${i}`,
      patientId: w.ours.id,
      details,
    });
    // The same details object twice in a row, then an equal one, then another kind between.
    const shown = [
      entry(0, list),
      entry(1, list),
      entry(2, { via: 'list' }),
      entry(3, { via: 'search' }),
      entry(4, list),
    ];
    await recordReadAudit(db, { userId: w.nora.id, ip: '10.0.0.10' }, shown, at(7));
    const rows = await db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.ip, '10.0.0.10'))
      .orderBy(t.auditLog.id);
    expect(rows.map((r) => [r.details, r.entityIds, r.entityId])).toEqual([
      [{ via: 'list' }, [0, 1, 2, 4].map((i) => shown[i]!.entityId), null],
      [{ via: 'search' }, null, shown[3]!.entityId],
    ]);
  });

  it.each([
    ['a date that is not a date', '?from=yesterday'],
    ['a month 13', '?to=2026-13-01T00:00:00Z'],
    ['a time without an offset', '?from=2026-11-21T10:00:00'],
    ['from after to', '?from=2026-11-22T00:00:00Z&to=2026-11-21T00:00:00Z'],
    ['a user id that is not a UUID', '?userId=nora'],
    ['a page of zero', '?page=0'],
    ['a page size over the limit', '?limit=101'],
    ['a page that is not a number', '?page=two'],
  ])('answers %s with 400', async (_label, query) => {
    const res = await w.browse(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });

  it.each(['from=0000-01-01T00:00:00Z', 'to=9999-12-31T23:59:59Z', 'page=1e2'])(
    'refuses %s with a 400 that says what is wrong',
    async (query) => {
      const res = await w.browse(`?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toMatch(/between 1900 and 2199|whole number/);
    },
  );

  it('is for admins only', async () => {
    const cookie = await sessionCookieFor(env.db, w.nora.id);
    const res = await env.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(403);
    expect((await env.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
