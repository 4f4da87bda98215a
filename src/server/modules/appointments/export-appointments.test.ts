// The appointment list as a CSV file (issue 45): the list's filters, tab and order, the
// viewer's time zone, formulas guarded, each appointment audited as exported.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { randomBytes } from 'node:crypto';
import { useScenario, useTestApp } from '../../test/test-app';
import { createAppointment } from '../../test/factories';
import * as t from '../../db/schema';

const now = new Date('2026-11-23T12:00:00Z');
const env = useTestApp({ now });
const { s, staff } = useScenario(env);

const csvRows = (body: string) =>
  parse(body, { bom: true, columns: true }) as Record<string, string>[];

describe('GET /api/appointments/export', () => {
  it('writes the tab the list shows, in its order and the viewer’s zone, and audits each one', async () => {
    const mine = { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id };
    const later = await createAppointment(env.db, mine, {
      start: new Date('2026-11-25T14:30:00Z'),
      duration: 45,
      notes: '=HYPERLINK("http://evil.example","x")',
    });
    const sooner = await createAppointment(env.db, mine, {
      start: new Date('2026-11-24T15:00:00Z'),
    });
    await createAppointment(env.db, mine, {
      start: new Date('2026-11-24T16:00:00Z'),
      status: 'CANCELLED',
    });
    await createAppointment(env.db, mine, { start: new Date('2026-11-20T15:00:00Z') });

    const res = await staff.get(
      '/api/appointments/export?status=upcoming&timezone=America/New_York',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="appointments-2026-11-23.csv"',
    );
    const rows = csvRows(res.body);
    expect(rows.map((r) => r['Appointment id'])).toEqual([sooner.id, later.id]);
    expect(rows[1]).toMatchObject({
      Date: '2026-11-25',
      Start: '09:30',
      End: '10:15',
      'Time zone': 'America/New_York',
      Minutes: '45',
      Status: expect.any(String),
      'Patient e-mail': s.patient.email,
      Clinic: s.clinic.name,
      Notes: '\'=HYPERLINK("http://evil.example","x")',
    });
    // The list's own page shows the same tab in the same order.
    const page = (await staff.get('/api/appointments/paginated?status=upcoming')).json() as {
      data: Array<{ _id: string }>;
    };
    expect(page.data.map((a) => a._id)).toEqual([sooner.id, later.id]);

    const exported = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'export'));
    expect(exported.flatMap((r) => r.entityIds ?? [r.entityId]).sort()).toEqual(
      [sooner.id, later.id].sort(),
    );
    // Another clinic's appointments never leave, even asked for by name.
    const foreign = await staff.get(`/api/appointments/export?clinic=${s.foreign.slug}`);
    expect(csvRows(foreign.body)).toEqual([]);
  });

  it('writes every appointment past the first batch, in the list’s order', async () => {
    const values = Array.from({ length: 1_005 }, (_, i) => {
      const start = new Date(Date.UTC(2026, 11, 1) + i * 30 * 60_000);
      return {
        clinicId: s.clinic.id,
        patientId: s.patient.id,
        staffId: s.provider.id,
        startAt: start,
        endAt: new Date(start.getTime() + 30 * 60_000),
        duration: 30,
        status: 'BOOKED',
        token: randomBytes(24).toString('base64url'),
      };
    });
    await env.db.insert(t.appointments).values(values);
    const rows = csvRows((await staff.get('/api/appointments/export?status=upcoming')).body);
    expect(rows).toHaveLength(1_005);
    const starts = rows.map((r) => `${r.Date} ${r.Start}`);
    expect(starts).toEqual([...starts].sort());
    expect(new Set(rows.map((r) => r['Appointment id'])).size).toBe(1_005);
  });
});
