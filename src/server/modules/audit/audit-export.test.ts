import { beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { useTestApp } from '../../test/test-app';
import { createSignInUser, sessionCookieFor } from '../../test/auth-helpers';
import { createClinic, createPatient } from '../../test/factories';
import { recordAudit, recordReadAudit } from './audit-trail';
import { AUDIT_EXPORT_BATCH } from './audit-export';

const env = useTestApp({ now: '2026-11-23T03:30:00Z' });

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 15, minute));
const url = '/api/admin/audit/export.csv';

let cookie: string;
let world: Awaited<ReturnType<typeof auditWorld>>;

/** Northside's admin (in New York), a nurse of Northside and Elsewhere, and a patient of each. */
async function auditWorld() {
  const db = env.db;
  const north = await createClinic(db, { name: 'Northside Clinic' });
  const elsewhere = await createClinic(db, { name: 'Elsewhere Clinic' });
  const admin = await createSignInUser(db, {
    role: 'admin',
    clinicIds: [north.id],
    timezone: 'America/New_York',
  });
  const nora = await createSignInUser(db, {
    role: 'nurse',
    name: 'Nora Kelly',
    clinicIds: [north.id, elsewhere.id],
  });
  const olive = await createPatient(db, north.id, { firstName: 'Olive', lastName: 'Ours' });
  const anna = await createPatient(db, north.id, { firstName: 'Anna', lastName: 'Smith' });
  const tess = await createPatient(db, elsewhere.id, { firstName: 'Tess', lastName: 'Theirs' });
  return { north, elsewhere, admin, nora, olive, anna, tess };
}

beforeEach(async () => {
  world = await auditWorld();
  cookie = await sessionCookieFor(env.db, world.admin.id);
});

const appointmentRead = (patientId: string, i: number) => ({
  action: 'read' as const,
  entityType: 'appointment' as const,
  entityId: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
  patientId,
  details: { via: 'list' },
});

async function download(query = '') {
  const res = await env.app.inject({ method: 'GET', url: `${url}${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return { res, lines: parse(res.body, { bom: true }) as string[][] };
}

describe('the audit log as CSV', () => {
  it('is a line per row, the admin’s records only, times with the offset of the zone asked', async () => {
    const { nora, olive, anna, tess } = world;
    await recordReadAudit(
      env.db,
      { userId: nora.id, ip: '10.0.0.1' },
      [appointmentRead(olive.id, 1), appointmentRead(tess.id, 2), appointmentRead(anna.id, 3)],
      at(1),
    );
    await recordAudit(
      env.db,
      { userId: nora.id, ip: '10.0.0.2' },
      [{ action: 'read', entityType: 'patient', entityId: tess.id, patientId: tess.id }],
      at(2),
    );
    await recordAudit(
      env.db,
      { userId: null, ip: '127.0.0.1' },
      [
        {
          action: 'update',
          entityType: 'patient',
          entityId: anna.id,
          patientId: anna.id,
          details: { field: 'phone' },
        },
      ],
      at(3),
    );

    const { res, lines } = await download('?timeZone=Asia%2FKolkata');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The date of "now" in the zone asked: 09:00 on the 23rd in Kolkata.
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="audit-log-2026-11-23.csv"',
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(lines).toEqual([
      [
        'Time',
        'Staff member',
        'Staff email',
        'Action',
        'Record type',
        'Records',
        'Record ids',
        'Patient ids',
        'Patients',
        'Address',
        'Details',
        'Entry id',
      ],
      [
        '2026-11-21T20:33:00.000+05:30',
        'Patient or system',
        '',
        'update',
        'patient',
        '1',
        anna.id,
        anna.id,
        'Anna Smith',
        '127.0.0.1',
        '{"field":"phone"}',
        expect.stringMatching(/^\d+$/),
      ],
      [
        '2026-11-21T20:31:00.000+05:30',
        'Nora Kelly',
        nora.email,
        'read',
        'appointment',
        '2',
        `${appointmentRead(olive.id, 1).entityId} ${appointmentRead(anna.id, 3).entityId}`,
        `${olive.id} ${anna.id}`,
        'Olive Ours; Anna Smith',
        '10.0.0.1',
        '{"via":"list"}',
        expect.stringMatching(/^\d+$/),
      ],
    ]);
    expect(res.body).not.toContain(tess.id);
    expect(res.body).not.toContain('Theirs');

    // Without a zone asked for, the admin's own; the filters are the page's.
    const own = await download('?patientName=olive');
    expect(own.lines.slice(1).map((l) => [l[0], l[8]])).toEqual([
      ['2026-11-21T10:01:00.000-05:00', 'Olive Ours; Anna Smith'],
    ]);
    const updates = await download('?action=update&userId=');
    expect(updates.lines.slice(1).map((l) => l[3])).toEqual(['update']);
  });

  it('starts a cell a spreadsheet would run as a formula with a quote', async () => {
    const names = ['=HYPERLINK("http://evil.test","x")', '+1', '-2+3', '@SUM(A1)', '\tTab', '\rCR'];
    for (const [i, firstName] of names.entries()) {
      const patient = await createPatient(env.db, world.north.id, { firstName, lastName: 'Name' });
      await recordAudit(
        env.db,
        { userId: world.nora.id, ip: '10.0.0.3' },
        [
          {
            action: 'cancel',
            entityType: 'appointment',
            entityId: appointmentRead(patient.id, i).entityId,
            patientId: patient.id,
            details: { reason: '=1+1' },
          },
        ],
        at(10 + i),
      );
    }
    const { res, lines } = await download();
    expect(
      lines
        .slice(1)
        .map((l) => l[8])
        .reverse(),
    ).toEqual(names.map((name) => `'${name} Name`));
    // Text that does not start a cell is left as it was.
    expect(lines.slice(1).map((l) => l[10])).toEqual(names.map(() => '{"reason":"=1+1"}'));
    expect(res.body).not.toMatch(/(^|,)"?[=+\-@]/m);
  });

  it('writes every row of a log longer than one read of the database', async () => {
    const rows = AUDIT_EXPORT_BATCH * 2 + 3;
    // Rows of the same instant continue by id: none is written twice or left out.
    await recordAudit(
      env.db,
      { userId: world.nora.id, ip: '10.0.0.4' },
      Array.from({ length: rows }, (_, i) => ({
        action: 'update' as const,
        entityType: 'patient' as const,
        entityId: world.olive.id,
        patientId: world.olive.id,
        details: { n: i },
      })),
      at(20),
    );
    const { lines } = await download('?action=update');
    const written = lines.slice(1).map((l) => (JSON.parse(l[10]!) as { n: number }).n);
    expect(written).toHaveLength(rows);
    expect(new Set(written).size).toBe(rows);
  });

  it('refuses what the page refuses, and is for admins only', async () => {
    const bad = await env.app.inject({
      method: 'GET',
      url: `${url}?action=drop&timeZone=Mars%2FOlympus`,
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('bad_request');
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['action', 'timeZone']);
    const nurse = await sessionCookieFor(env.db, world.nora.id);
    expect(
      (await env.app.inject({ method: 'GET', url, headers: { cookie: nurse } })).statusCode,
    ).toBe(403);
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
