import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokensResponse, apiTokenView, createdApiToken } from '@contracts/integrations';
import * as t from '../../db/schema';
import { apiAs } from '../../test/api-client';
import { createToken, fhirAs } from '../../test/fhir-kit';
import { useScenario, useTestApp } from '../../test/test-app';
import { createUserOfBothClinics } from '../../test/scenario';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff, admin } = useScenario(env, 'admin');

describe('POST /api/admin/api-tokens', () => {
  it('answers the secret once and keeps only its hash', async () => {
    const res = await admin.post('/api/admin/api-tokens', {
      name: ' EHR sync ',
      clinicIds: [s.clinic.id],
      scopes: ['read'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = createdApiToken.parse(res.json());
    expect(created.token).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    const [row] = await env.db.select().from(t.apiTokens).where(eq(t.apiTokens.id, created.id));
    expect(row).toMatchObject({ name: 'EHR sync', clinicIds: [s.clinic.id], scopes: ['read'] });
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));

    const list = apiTokensResponse.parse((await admin.get('/api/admin/api-tokens')).json());
    expect(list.data).toEqual([
      {
        id: created.id,
        name: 'EHR sync',
        clinics: [{ id: s.clinic.id, slug: s.clinic.slug, name: s.clinic.name }],
        otherClinics: 0,
        canManage: true,
        scopes: ['read'],
        visitLinks: false,
        createdAt: '2026-11-23T12:00:00.000Z',
        createdBy: { id: s.admin.id, name: s.admin.name },
        lastUsedAt: null,
        lastUsedIp: null,
        revokedAt: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.token);
  });

  it('refuses a clinic the admin does not manage with 404, and creates nothing', async () => {
    const res = await admin.post('/api/admin/api-tokens', {
      name: 'Billing',
      clinicIds: [s.clinic.id, s.foreign.id],
      scopes: ['read', 'write'],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    expect(await env.db.select().from(t.apiTokens)).toEqual([]);
  });

  it.each([
    [{ name: '', clinicIds: ['x'], scopes: ['read'] }, 'name'],
    [{ name: 'A', clinicIds: [], scopes: ['read'] }, 'clinicIds'],
    [
      { name: 'A', clinicIds: ['00000000-0000-4000-8000-000000000000'], scopes: ['write'] },
      'scopes',
    ],
    [{ name: 'A', clinicIds: ['00000000-0000-4000-8000-000000000000'], scopes: [] }, 'scopes'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const res = await admin.post('/api/admin/api-tokens', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('is for admins only', async () => {
    expect(
      (
        await staff.post('/api/admin/api-tokens', {
          name: 'A',
          clinicIds: [s.clinic.id],
          scopes: ['read'],
        })
      ).statusCode,
    ).toBe(403);
    expect((await staff.get('/api/admin/api-tokens')).statusCode).toBe(403);
    const { id } = await createToken(admin, { clinicIds: [s.clinic.id] });
    expect((await staff.call('DELETE', `/api/admin/api-tokens/${id}`)).statusCode).toBe(403);
    expect((await env.app.inject({ method: 'GET', url: '/api/admin/api-tokens' })).statusCode).toBe(
      401,
    );
  });
});

describe('DELETE /api/admin/api-tokens/{id}', () => {
  it('revokes at once: the next request with it is a 401, and revoking again changes nothing', async () => {
    const { id, token } = await createToken(admin, { clinicIds: [s.clinic.id] });
    const fhir = fhirAs(env.app, { token });
    expect((await fhir.get('/Organization')).statusCode).toBe(200);

    env.advance(60_000);
    const res = await admin.call('DELETE', `/api/admin/api-tokens/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(apiTokenView.parse(res.json()).revokedAt).toBe('2026-11-23T12:01:00.000Z');
    expect((await fhir.get('/Organization')).statusCode).toBe(401);

    env.advance(60_000);
    const again = await admin.call('DELETE', `/api/admin/api-tokens/${id}`);
    expect(again.json().revokedAt).toBe('2026-11-23T12:01:00.000Z');
    const [row] = await env.db.select().from(t.apiTokens).where(eq(t.apiTokens.id, id));
    expect(row!.revokedBy).toBe(s.admin.id);
  });

  it('does not see or revoke a token of another clinic', async () => {
    const [foreign] = await env.db
      .insert(t.apiTokens)
      .values({
        name: 'Elsewhere',
        secretHash: 'x'.repeat(64),
        clinicIds: [s.foreign.id],
        scopes: ['read'],
      })
      .returning();
    expect((await admin.call('DELETE', `/api/admin/api-tokens/${foreign!.id}`)).statusCode).toBe(
      404,
    );
    expect((await admin.get('/api/admin/api-tokens')).json().data).toEqual([]);
    expect((await admin.call('DELETE', '/api/admin/api-tokens/not-an-id')).statusCode).toBe(400);
  });

  it('shows a token that also covers another clinic, naming only the admin’s clinics', async () => {
    await env.db.insert(t.apiTokens).values({
      name: 'Regional',
      secretHash: 'y'.repeat(64),
      clinicIds: [s.clinic.id, s.foreign.id],
      scopes: ['read'],
    });
    const [listed] = (await admin.get('/api/admin/api-tokens')).json().data;
    expect(listed).toMatchObject({
      name: 'Regional',
      clinics: [{ id: s.clinic.id }],
      otherClinics: 1,
      createdBy: null,
    });
  });
});

describe('a token shared by clinics with different admins (ADR 030)', () => {
  it('may be revoked only by an admin of all its clinics; another sees it, read-only', async () => {
    const head = await createUserOfBothClinics(env.db, s, { role: 'admin', name: 'Head Admin' });
    const headAdmin = await apiAs(env.app, head.email);
    const { id, token } = await createToken(headAdmin, {
      clinicIds: [s.clinic.id, s.foreign.id],
      scopes: ['read'],
    });
    const [listed] = apiTokensResponse.parse(
      (await admin.get('/api/admin/api-tokens')).json(),
    ).data;
    expect(listed).toMatchObject({ id, otherClinics: 1, canManage: false });
    const [byHead] = apiTokensResponse.parse(
      (await headAdmin.get('/api/admin/api-tokens')).json(),
    ).data;
    expect(byHead).toMatchObject({ id, otherClinics: 0, canManage: true });

    const refused = await admin.call('DELETE', `/api/admin/api-tokens/${id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'forbidden',
      message:
        'This token also serves clinics you do not administer. Only an admin of all its clinics ' +
        'can revoke it.',
    });
    const [row] = await env.db.select().from(t.apiTokens).where(eq(t.apiTokens.id, id));
    expect(row).toMatchObject({ revokedAt: null, revokedBy: null });
    expect((await fhirAs(env.app, { token }).get('/Organization')).statusCode).toBe(200);

    const revoked = await headAdmin.call('DELETE', `/api/admin/api-tokens/${id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await fhirAs(env.app, { token }).get('/Organization')).statusCode).toBe(401);
  });
});

describe('the visit links permission', () => {
  it('is off unless asked for, and recorded with the token', async () => {
    const plain = await createToken(admin, { clinicIds: [s.clinic.id], scopes: ['read'] });
    const trusted = await createToken(admin, {
      clinicIds: [s.clinic.id],
      scopes: ['read'],
      visitLinks: true,
      name: 'Video visits',
    });
    const list = apiTokensResponse.parse((await admin.get('/api/admin/api-tokens')).json());
    expect(Object.fromEntries(list.data.map((k) => [k.id, k.visitLinks]))).toEqual({
      [plain.id]: false,
      [trusted.id]: true,
    });
    const [audit] = await env.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entityId, trusted.id));
    expect(audit!.details).toEqual({ name: 'Video visits', scopes: 'read', visitLinks: true });
    const bad = await admin.post('/api/admin/api-tokens', {
      name: 'A',
      clinicIds: [s.clinic.id],
      scopes: ['read'],
      visitLinks: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([
      { field: 'visitLinks', message: 'Visit links must be true or false.' },
    ]);
  });
});

describe('last use and the audit trail', () => {
  it('records when and from where a token was last used, and each use in the audit log', async () => {
    const { id, token } = await createToken(admin, { clinicIds: [s.clinic.id], scopes: ['read'] });
    env.advance(5 * 60_000);
    const fhir = fhirAs(env.app, { token });
    expect((await fhir.get('/Organization')).statusCode).toBe(200);
    expect((await fhir.get(`/Location/${s.clinic.id}`)).statusCode).toBe(200);

    const [listed] = (await admin.get('/api/admin/api-tokens')).json().data;
    expect(listed).toMatchObject({
      lastUsedAt: '2026-11-23T12:05:00.000Z',
      lastUsedIp: '127.0.0.1',
    });

    const rows = await env.db.select().from(t.auditLog).where(eq(t.auditLog.entityId, id));
    expect(rows.map((r) => [r.action, r.userId, r.details])).toEqual([
      ['create', s.admin.id, { name: 'EHR sync', scopes: 'read' }],
      ['api_request', id, { method: 'GET', url: '/fhir/R4/Organization' }],
      ['api_request', id, { method: 'GET', url: `/fhir/R4/Location/${s.clinic.id}` }],
    ]);
  });

  it('shows the token’s requests in the admins’ audit log, under the token’s name', async () => {
    const { token } = await createToken(admin, { clinicIds: [s.clinic.id], name: 'Billing' });
    await fhirAs(env.app, { token }).get('/Organization');
    const entries = (await admin.get('/api/admin/audit')).json().data as Array<{
      action: string;
      user: { name: string } | null;
    }>;
    expect(entries.find((e) => e.action === 'api_request')?.user?.name).toBe('Billing (API token)');
  });
});
