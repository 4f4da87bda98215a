import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema';
import { useScenario, useTestApp } from '../../test/test-app';

// A new installation's first step after its first admin: adding the clinic, with the phone and
// address its patients are told about.

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff, admin } = useScenario(env, 'admin');

const lakeview = {
  name: 'Lakeview Family Clinic',
  timezone: 'America/Chicago',
  phone: '(312) 555-0142',
  address: '12 Shore Road\nChicago, IL 60601',
};

describe('adding a clinic', () => {
  it('makes the clinic with its phone and address, its admin the one who added it', async () => {
    const res = await admin.post('/api/admin/clinics', lakeview);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ...lakeview, slug: 'lakeview-family-clinic' });
    const mine = (await admin.get('/api/clinics')).json() as { slug: string }[];
    expect(mine.map((c) => c.slug)).toContain('lakeview-family-clinic');
    // Its settings are the admin's to change at once, with the phone patients will be told.
    const policy = await admin.get('/api/admin/clinics/lakeview-family-clinic/policy');
    expect(policy.statusCode).toBe(200);
    expect(policy.json().policy.selfService.phone).toBe(lakeview.phone);
    const audit = await env.db.select().from(t.auditLog).where(eq(t.auditLog.entityType, 'clinic'));
    expect(audit).toMatchObject([
      { action: 'create', entityId: res.json().id, userId: s.admin.id },
    ]);
  });

  it('reads its patients’ numbers in the country of its time zone (issue 44)', async () => {
    const country = async (name: string, timezone: string) => {
      const res = await admin.post('/api/admin/clinics', { ...lakeview, name, timezone });
      expect(res.statusCode, res.body).toBe(201);
      const policy = await admin.get(`/api/admin/clinics/${res.json().slug}/policy`);
      return policy.json().policy.texts.country as string;
    };
    expect(await country('Clinique du Plateau', 'America/Toronto')).toBe('CA');
    expect(await country('Clínica Retiro', 'Europe/Madrid')).toBe('ES');
    expect(await country('Lakeview Clinic', 'America/Chicago')).toBe('US');
    expect(await country('Station Clinic', 'UTC')).toBe('US');
  });

  it('numbers the slug of a second clinic of the same name, also when both are added at once', async () => {
    const [a, b] = await Promise.all([
      admin.post('/api/admin/clinics', lakeview),
      admin.post('/api/admin/clinics', lakeview),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([201, 201]);
    expect([a!.json().slug, b!.json().slug].sort()).toEqual([
      'lakeview-family-clinic',
      'lakeview-family-clinic-2',
    ]);
  });

  it('asks for the phone, and refuses a bad time zone, in sentences', async () => {
    const res = await admin.post('/api/admin/clinics', { ...lakeview, phone: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      details: 'Phone is required.',
      fields: [{ field: 'phone', message: 'Phone is required.' }],
    });
    const zone = await admin.post('/api/admin/clinics', { ...lakeview, timezone: 'Mars/Base' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().fields[0].field).toBe('timezone');
    expect(await env.db.select().from(t.clinics).where(eq(t.clinics.name, lakeview.name))).toEqual(
      [],
    );
  });

  it('is for admins only', async () => {
    const res = await staff.post('/api/admin/clinics', lakeview);
    expect(res.statusCode).toBe(403);
    expect(await env.db.select().from(t.clinics).where(eq(t.clinics.name, lakeview.name))).toEqual(
      [],
    );
  });
});
