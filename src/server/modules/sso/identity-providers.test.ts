import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { IdentityProviderView } from '@contracts/sso';
import * as t from '../../db/schema';
import { apiAs } from '../../test/api-client';
import { createSignInUser } from '../../test/auth-helpers';
import {
  startForgingProvider,
  TEST_CLIENT_SECRET,
  type ForgingProvider,
} from '../../test/oidc-kit';
import { useTestApp } from '../../test/test-app';
import { providerBody, saveProvider } from './sso-test-kit';

// The admins' side of single sign-on (ADR 048). Discovery at save time asks a provider on
// 127.0.0.1: the stand-in of test/oidc-kit.ts answers it like any OpenID Provider.
const SECRETS_KEY = 'k'.repeat(40);
const env = useTestApp({ config: { ACCOUNT_SECRETS_KEY: SECRETS_KEY } });
let op: ForgingProvider;

beforeAll(async () => {
  op = await startForgingProvider();
});
afterAll(async () => {
  await op?.close();
});

async function setUp() {
  const { s } = await env.scenario();
  return { s, admin: await apiAs(env.app, s.admin.email) };
}

describe('identity providers', () => {
  it('are saved with their secret sealed, which is never sent back', async () => {
    const { s, admin } = await setUp();
    const saved = await saveProvider(admin, providerBody(op.issuer, s.clinic.id));
    expect(saved).toMatchObject({
      issuer: op.issuer,
      clientSecret: 'set',
      clinics: [{ id: s.clinic.id }],
      redirectUri: 'http://localhost:3000/api/auth/sso/callback',
    });
    expect(JSON.stringify(saved)).not.toContain(TEST_CLIENT_SECRET);
    const [row] = await env.db.select().from(t.identityProviders);
    expect(row!.clientSecret).toMatch(/^sealed:v1:/);
    expect(row!.clientSecret).not.toContain(TEST_CLIENT_SECRET);

    const list = await admin.get('/api/admin/identity-providers');
    expect(JSON.stringify(list.json())).not.toContain(TEST_CLIENT_SECRET);

    // Changed without a secret, the stored one stays.
    const changed = await admin.put(`/api/admin/identity-providers/${saved.id}`, {
      ...providerBody(op.issuer, s.clinic.id, { name: 'Riverside Okta', clientSecret: undefined }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [after] = await env.db.select().from(t.identityProviders);
    expect(after).toMatchObject({ name: 'Riverside Okta', clientSecret: row!.clientSecret });
    const audits = await env.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entityType, 'identity_provider'));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expect(JSON.stringify(audits)).not.toContain(TEST_CLIENT_SECRET);
  });

  it('need a secret when first saved', async () => {
    const { s, admin } = await setUp();
    const res = await admin.post(
      '/api/admin/identity-providers',
      providerBody(op.issuer, s.clinic.id, { clientSecret: undefined }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/client secret/);
  });

  it('are refused, in words, when the issuer cannot be reached or is no OpenID Provider', async () => {
    const { s, admin } = await setUp();
    for (const issuer of ['http://127.0.0.1:1', `${op.issuer}/not-a-provider`]) {
      const res = await admin.post(
        '/api/admin/identity-providers',
        providerBody(issuer, s.clinic.id),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/No OpenID Provider answered/);
    }
    const plain = await admin.post(
      '/api/admin/identity-providers',
      providerBody('http://idp.riverside.example', s.clinic.id),
    );
    expect(plain.statusCode).toBe(400);
    expect(plain.body).toMatch(/https/);
    expect(await env.db.select().from(t.identityProviders)).toEqual([]);
  });

  it('serve only the admin’s clinics, and map groups only to clinics they serve', async () => {
    const { s, admin } = await setUp();
    const foreign = await admin.post(
      '/api/admin/identity-providers',
      providerBody(op.issuer, s.foreign.id),
    );
    expect(foreign.statusCode).toBe(404);
    const outside = await admin.post(
      '/api/admin/identity-providers',
      providerBody(op.issuer, s.clinic.id, {
        groupMappings: [{ group: 'everyone', role: 'staff', clinicIds: [s.foreign.id] }],
      }),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/does not serve/);
  });

  it('are out of sight of an admin who does not administer all their clinics', async () => {
    const { s } = await setUp();
    const both = await createSignInUser(env.db, {
      role: 'admin',
      clinicIds: [s.clinic.id, s.foreign.id],
    });
    const bothAdmin = await apiAs(env.app, both.email);
    const shared = await saveProvider(
      bothAdmin,
      providerBody(op.issuer, s.clinic.id, { clinicIds: [s.clinic.id, s.foreign.id] }),
    );
    const foreignAdmin = await createSignInUser(env.db, {
      role: 'admin',
      clinicIds: [s.foreign.id],
    });
    for (const email of [s.admin.email, foreignAdmin.email]) {
      const other = await apiAs(env.app, email);
      expect((await other.get('/api/admin/identity-providers')).json()).toEqual({ data: [] });
      const body = providerBody(op.issuer, s.clinic.id);
      expect((await other.put(`/api/admin/identity-providers/${shared.id}`, body)).statusCode).toBe(
        404,
      );
      expect(
        (await other.post(`/api/admin/identity-providers/${shared.id}/archive`)).statusCode,
      ).toBe(404);
    }
    const staff = await apiAs(env.app, s.staff.email);
    expect((await staff.get('/api/admin/identity-providers')).statusCode).toBe(403);
    const [row] = await env.db.select().from(t.identityProviders);
    expect(row).toMatchObject({ archivedAt: null, version: 1 });
  });

  it('once archived sign nobody in', async () => {
    const { s, admin } = await setUp();
    const saved = await saveProvider(admin, providerBody(op.issuer, s.clinic.id));
    const res = await admin.post(`/api/admin/identity-providers/${saved.id}/archive`);
    expect(res.statusCode).toBe(200);
    expect(res.json<IdentityProviderView>().archivedAt).not.toBeNull();
    const start = await env.app.inject({
      method: 'GET',
      url: '/api/auth/sso/start?email=ines@riverside.example',
    });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/auth/login?sso_error=no_provider');
    const edit = await admin.put(
      `/api/admin/identity-providers/${saved.id}`,
      providerBody(op.issuer, s.clinic.id),
    );
    expect(edit.statusCode).toBe(409);
  });
});
