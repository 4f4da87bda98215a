import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLES, type Role } from '@domain/roles';
import { defineEndpoint } from '@contracts/endpoint';
import { route } from './core/route';
import { createTestDatabase, type TestDatabase } from './test/test-db';
import { buildTestApp } from './test/test-app';
import { createSignInUser, signIn } from './test/auth-helpers';
import { createClinic, createPatient } from './test/factories';
import { eq } from 'drizzle-orm';
import { sessionIdOf } from './modules/auth';
import type { AccessRule } from './plugins/access';
import type { RegisteredRoute } from './plugins/route-registry';
import * as t from './db/schema';
import type { App } from './app';

// Walks every registered /api route and checks what actually happens against what the route
// declares: anonymous callers, each role, and a cross-site mutation. A route added tomorrow is
// covered without touching this file, and one whose handler disagrees with its rule fails here.

let testDb: TestDatabase;
let app: App;
let routes: RegisteredRoute[];
const users = {} as Record<Role, { id: string; email: string }>;
let clinic: { id: string };

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.handle);
  await app.ready();
  routes = app.routeRegistry.filter((r) => isApi(r.url) && r.method !== 'HEAD');
  clinic = await createClinic(testDb.handle.db);
  for (const role of ROLES) {
    users[role] = await createSignInUser(testDb.handle.db, { role, clinicIds: [clinic.id] });
  }
});
afterAll(async () => {
  await app.close();
  await testDb.destroy();
});

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes every role reaches, where the record's clinic decides who may act (walked below). */
const DECIDED_BY_CLINIC = new Set([
  'PATCH /api/patients/:id',
  'POST /api/patients/:id/notes',
  'POST /api/patients/:id/erase',
  'GET /api/patients/export',
  'POST /api/patients/:id/merge',
  'POST /api/patients/:id/duplicates/dismiss',
  'POST /api/patients/imports',
  'GET /api/patients/imports/:id',
  'POST /api/patients/imports/:id/check',
  'GET /api/patients/imports/:id/rows',
  'POST /api/patients/imports/:id/apply',
]);
/** Routes every role reaches, where each clinic's report setting decides who reads (walked below). */
const REPORTS = new Set(['GET /api/reports', 'GET /api/reports/export']);
const isApi = (url: string) => url === '/api' || url.startsWith('/api/');
const label = (r: RegisteredRoute) => `${r.method} ${r.url}`;

/** Path parameters (`:id`, `*`) become random UUIDs: a record that exists for nobody. */
function concreteUrl(url: string) {
  return url
    .replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, () => randomUUID())
    .replace(/\*/g, randomUUID());
}

/**
 * A session of its own for every request, written the way sign-in writes it: a route that ends
 * sessions (sign-out, a password change) cannot spoil the requests after it.
 */
async function freshCookie(userId: string) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await testDb.handle.db.insert(t.sessions).values({
    id: sessionIdOf(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
    ip: '10.0.0.1',
  });
  return `carebook_session=${token}`;
}

function allows(rule: AccessRule, role: Role | 'anonymous') {
  if (rule === 'public') return true;
  if (role === 'anonymous') return false;
  return rule === 'authenticated' || rule.roles.includes(role);
}

async function call(route: RegisteredRoute, cookie?: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url),
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

describe('the authorization matrix', () => {
  it('finds the routes it is meant to walk', () => {
    const seen = routes.map(label);
    for (const expected of [
      'GET /api/health',
      'POST /api/auth/login',
      'GET /api/auth/session',
      'GET /api/admin/agents',
      'POST /api/admin/agents/:id/deactivate',
      'GET /api/admin/audit',
      // A clinic's services (issue 42): any member lists them, its admins change them.
      'GET /api/clinics/:clinicId/services',
      'POST /api/clinics/:clinicId/services',
      'PUT /api/clinics/:clinicId/services/:serviceId',
      'POST /api/clinics/:clinicId/services/:serviceId/archive',
      'POST /api/clinics/:clinicId/services/:serviceId/restore',
    ]) {
      expect(seen).toContain(expected);
    }
  });

  it('lets every role read patient records, and change them as each clinic’s admins chose', async () => {
    // A record's messages follow the outbox's rule, not the record's: the front desk and admins
    // read them (ADR 036), providers and nurses do not.
    const messages = routes.find((r) => label(r) === 'GET /api/patients/:id/messages');
    expect(messages?.access).toEqual({ roles: ['admin', 'staff'] });
    const patientRoutes = routes.filter((r) => r.url.startsWith('/api/patients') && r !== messages);
    // Every staff member reaches each patient route; the patient's clinic decides who changes.
    for (const r of patientRoutes)
      expect([label(r), r.access]).toEqual([label(r), 'authenticated']);
    const db = testDb.handle.db;
    const patient = await createPatient(db, clinic.id);
    const other = await createPatient(db, clinic.id);
    // An import the admin uploaded: the others are asked about it.
    const CSV = 'First name,Last name,E-mail\nAda,Byron,ada@example.org\n';
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/patients/imports?fileName=patients.csv',
      headers: { cookie: await freshCookie(users.admin.id), 'content-type': 'text/csv' },
      payload: CSV,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const importId = uploaded.json<{ import: { id: string } }>().import.id;
    const attempts: Record<string, (cookie: string) => Promise<{ statusCode: number }>> = {
      'PATCH /api/patients/:id': (cookie: string) =>
        app.inject({
          method: 'PATCH',
          url: `/api/patients/${patient.id}`,
          headers: { cookie },
          payload: { version: 999, phone: '555 0100' },
        }),
      'POST /api/patients/:id/notes': (cookie: string) =>
        app.inject({
          method: 'POST',
          url: `/api/patients/${patient.id}/notes`,
          headers: { cookie },
          payload: { text: 'Asked for morning visits.' },
        }),
      'POST /api/patients/:id/erase': (cookie: string) =>
        app.inject({
          method: 'POST',
          url: `/api/patients/${patient.id}/erase`,
          headers: { cookie },
          payload: { version: 999, reason: 'Asked by the patient' },
        }),
      'GET /api/patients/export': (cookie: string) =>
        app.inject({ method: 'GET', url: '/api/patients/export', headers: { cookie } }),
      'POST /api/patients/:id/merge': (cookie: string) =>
        app.inject({
          method: 'POST',
          url: `/api/patients/${patient.id}/merge`,
          headers: { cookie },
          payload: { mergedAwayId: other.id, version: 999, mergedAwayVersion: 999 },
        }),
      'POST /api/patients/:id/duplicates/dismiss': (cookie: string) =>
        app.inject({
          method: 'POST',
          url: `/api/patients/${patient.id}/duplicates/dismiss`,
          headers: { cookie },
          payload: { otherId: other.id },
        }),
      'POST /api/patients/imports': (cookie: string) =>
        app.inject({
          method: 'POST',
          url: '/api/patients/imports?fileName=patients.csv',
          headers: { cookie, 'content-type': 'text/csv' },
          payload: CSV,
        }),
      'GET /api/patients/imports/:id': (cookie: string) =>
        app.inject({
          method: 'GET',
          url: `/api/patients/imports/${importId}`,
          headers: { cookie },
        }),
      'POST /api/patients/imports/:id/check': (cookie: string) =>
        app.inject({
          method: 'POST',
          url: `/api/patients/imports/${importId}/check`,
          headers: { cookie },
          payload: { mapping: {} },
        }),
      'GET /api/patients/imports/:id/rows': (cookie: string) =>
        app.inject({
          method: 'GET',
          url: `/api/patients/imports/${importId}/rows`,
          headers: { cookie },
        }),
      'POST /api/patients/imports/:id/apply': (cookie: string) =>
        app.inject({
          method: 'POST',
          url: `/api/patients/imports/${importId}/apply`,
          headers: { cookie },
        }),
    };
    expect(Object.keys(attempts).sort()).toEqual([...DECIDED_BY_CLINIC].sort());
    const changers = async () => {
      const result: Record<string, string> = {};
      for (const [name, attempt] of Object.entries(attempts)) {
        const may: Role[] = [];
        for (const role of ROLES) {
          const res = await attempt(await freshCookie(users[role].id));
          if (res.statusCode !== 403) may.push(role);
        }
        result[name] = may.join(',');
      }
      return result;
    };
    const frontDesk = 'admin,staff';
    expect(await changers()).toEqual(
      Object.fromEntries(Object.keys(attempts).map((name) => [name, frontDesk])),
    );
    await db
      .update(t.clinics)
      .set({ patientEditorRoles: ['provider', 'nurse'] })
      .where(eq(t.clinics.id, clinic.id));
    const clinicians = 'admin,provider,nurse';
    expect(await changers()).toEqual(
      Object.fromEntries(Object.keys(attempts).map((name) => [name, clinicians])),
    );
    await db
      .update(t.clinics)
      .set({ patientEditorRoles: ['staff'] })
      .where(eq(t.clinics.id, clinic.id));
  });

  it('lets admins read reports, and other roles as each clinic chose', async () => {
    const db = testDb.handle.db;
    const url = (path: string) => `${path}?clinic=${clinic.id}&from=2026-11-01&to=2026-11-30`;
    const readers = async () => {
      const result: Record<string, string> = {};
      for (const path of ['/api/reports', '/api/reports/export']) {
        const may: Role[] = [];
        for (const role of ROLES) {
          const res = await app.inject({
            method: 'GET',
            url: url(path),
            headers: { cookie: await freshCookie(users[role].id) },
          });
          expect(res.statusCode, `${path} as ${role}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode !== 403) may.push(role);
        }
        result[`GET ${path}`] = may.join(',');
      }
      return result;
    };
    expect(Object.keys(await readers()).sort()).toEqual([...REPORTS].sort());
    expect(Object.values(await readers())).toEqual(['admin', 'admin']);
    await db
      .update(t.clinics)
      .set({ reportViewerRoles: ['provider', 'staff'] })
      .where(eq(t.clinics.id, clinic.id));
    expect(Object.values(await readers())).toEqual([
      'admin,provider,staff',
      'admin,provider,staff',
    ]);
    await db.update(t.clinics).set({ reportViewerRoles: [] }).where(eq(t.clinics.id, clinic.id));
  });

  it('has an access rule on every /api route, and cannot register one without', async () => {
    expect(routes.filter((r) => r.access === undefined).map(label)).toEqual([]);
    const probe = await buildTestApp(testDb.handle);
    expect(() => probe.post('/api/unruled/:id', async () => ({}))).toThrow(
      /declares no access rule/,
    );
    await probe.close();
  });

  it('cannot register an /api route without its endpoint contract', async () => {
    const probe = await buildTestApp(testDb.handle);
    expect(() =>
      probe.get('/api/uncontracted', { config: { access: 'public' } }, async () => ({})),
    ).toThrow(/GET \/api\/uncontracted has no endpoint contract/);
    // A path of a route still registered by hand, with another method, is refused all the same.
    expect(() =>
      probe.delete(
        '/api/appointments/:id',
        { config: { access: 'authenticated' } },
        async () => ({}),
      ),
    ).toThrow(/has no endpoint contract/);
    const contracted = defineEndpoint({
      method: 'GET',
      path: '/api/contracted',
      operationId: 'probeContracted',
      summary: 'A probe',
      tag: 'System',
      access: 'public',
      responses: { 200: z.object({ ok: z.boolean() }) },
    });
    route(probe, contracted, async () => ({ ok: true }));
    expect((await probe.inject({ method: 'GET', url: '/api/contracted' })).json()).toEqual({
      ok: true,
    });
    await probe.close();
  });

  it('refuses a rate limit the contract does not document with a 429', async () => {
    const probe = await buildTestApp(testDb.handle);
    const unlimited = defineEndpoint({
      method: 'GET',
      path: '/api/limited',
      operationId: 'probeLimited',
      summary: 'A probe',
      tag: 'System',
      access: 'public',
      responses: { 200: z.object({}) },
    });
    expect(() =>
      route(probe, unlimited, async () => ({}), { rateLimit: { max: 1, timeWindow: 1000 } }),
    ).toThrow(/rate-limited but its contract lists no 429/);
    await probe.close();
  });

  it('asks anonymous callers to sign in wherever the rule is not public', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await call(route);
      const ok = allows(route.access!, 'anonymous')
        ? ![401, 403].includes(res.statusCode) && res.statusCode < 500
        : res.statusCode === 401;
      if (!ok) wrong.push(`${label(route)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(ROLES)(
    'lets the %s role through exactly where the rule allows, else 403',
    async (role) => {
      const wrong: string[] = [];
      for (const route of routes.filter(
        (r) => !DECIDED_BY_CLINIC.has(label(r)) && !REPORTS.has(label(r)),
      )) {
        const res = await call(route, await freshCookie(users[role].id));
        const ok = allows(route.access!, role)
          ? ![401, 403].includes(res.statusCode) && res.statusCode < 500
          : res.statusCode === 403;
        if (!ok) wrong.push(`${label(route)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('refuses every mutation from another origin, even from a caller who may make it', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => MUTATING.has(r.method))) {
      const rule = route.access!;
      const role = typeof rule === 'object' ? rule.roles[0]! : 'admin';
      const res = await call(route, await freshCookie(users[role].id), {
        origin: 'https://evil.example',
      });
      const refusedAsCrossSite =
        res.statusCode === 403 && /other sites/.test(res.json<{ message: string }>().message);
      if (!refusedAsCrossSite) wrong.push(`${label(route)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('accepts a real sign-in for every role', async () => {
    for (const role of ROLES) {
      const cookie = await signIn(app, users[role].email);
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie },
      });
      expect(res.json().user.role).toBe(role);
    }
  });
});
