import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from './test/test-db';
import { buildTestApp } from './test/test-app';
import { sessionCookieFor } from './test/auth-helpers';
import { clinicScenario, type ClinicScenario } from './test/scenario';
import { createAppointment } from './test/factories';
import { queryRows } from './db/client';
import type { RegisteredRoute } from './plugins/route-registry';
import type { App } from './app';

// Walks every registered /api route with generated hostile input and checks three things: never
// a 5xx, every error in the spec's shape, and the database unchanged. A route added tomorrow is
// fuzzed without touching this file.

let testDb: TestDatabase;
let app: App;
let s: ClinicScenario;
let routes: RegisteredRoute[];
const NOW = new Date('2026-11-23T12:00:00Z');
let ownAppointmentId: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.handle, { now: () => NOW });
  await app.ready();
  s = await clinicScenario(testDb.handle.db);
  const own = await createAppointment(
    testDb.handle.db,
    { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
    { start: new Date('2026-11-24T15:00:00Z') },
  );
  ownAppointmentId = own.id;
  routes = app.routeRegistry.filter(
    (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'),
  );
});
afterAll(async () => {
  await app.close();
  await testDb.destroy();
});

/**
 * What must not change. Sessions (and the audit of their ending), sign-in failures and read audits (an export's too) may; so may the signed-in
 * admin's own display settings, since an empty profile update is valid input, not hostile, and
 * their own calendar feed (made, rotated or turned off by a POST or DELETE that takes no input).
 */
async function fingerprint() {
  const [row] = await queryRows<Record<string, string>>(
    testDb.handle.db,
    sql`select
      (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from appointments t) as appointments,
      (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from patients t) as patients,
      (select md5(coalesce(string_agg(concat_ws('|', id, email, role, active, password_hash), ',' order by id), '')) from users) as users,
      (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from clinics t) as clinics,
      (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from services t) as services,
      (select count(*) from service_agents)::text as "serviceAgents",
      (select count(*) from appointment_events)::text as events,
      (select count(*) from outbox)::text as outbox,
      (select count(*) from clinic_members)::text as members,
      (select count(*) from schedules)::text || '/' || (select count(*) from schedule_overrides)::text as schedules,
      (select count(*) from audit_log where action not in ('read', 'export', 'end_session') and entity_type <> 'calendar_feed')::text as changes`,
  );
  return row;
}

const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    "'; drop table appointments; --",
    '<img src=x onerror=alert(1)>',
    '../../../etc/passwd',
    '%00',
    '{"$gt": ""}',
    '\uD800',
    '🦷🩺',
    'ǅ\u202E\u200B',
    'null',
    'NaN',
    '-1',
    '1e309',
    '9'.repeat(40),
    'x'.repeat(20_000),
  ),
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);
const knownKeys = [
  'id',
  'date',
  'duration',
  'staff',
  'patient',
  'metadata',
  'reason',
  'email',
  'password',
  'name',
  'role',
  'token',
  'keyword',
  'clinic',
  'page',
  'limit',
  'status',
  'from',
  'to',
  'timezone',
  'action',
  'clinicIds',
  'firstName',
  'lastName',
  'dob',
  'phone',
  'weekly',
  'overrides',
  'currentPassword',
  'newPassword',
  'search',
  'startDate',
  'endDate',
  'includeAll',
  'theme',
];
const hostileObject = fc.dictionary(
  fc.oneof(fc.constantFrom(...knownKeys), hostileText),
  hostileValue,
  { maxKeys: 6 },
);
const pathParam = fc.oneof(
  fc.constant(() => randomUUID()),
  hostileText.map((t) => () => t),
  fc.constant(() => s.foreignAppointment.id),
  fc.constant(() => s.foreign.slug),
  fc.constant(() => s.clinic.slug),
  fc.constant(() => ownAppointmentId),
  fc.constant(() => s.provider.id),
);
const body = fc.oneof(
  hostileObject.map((o) => ({ payload: JSON.stringify(o), type: 'application/json' })),
  fc.constantFrom(
    { payload: '{"date": ', type: 'application/json' },
    { payload: '[1,2,3]', type: 'application/json' },
    { payload: '"just a string"', type: 'application/json' },
    { payload: 'null', type: 'application/json' },
    { payload: 'date=tomorrow&x=1', type: 'application/x-www-form-urlencoded' },
    { payload: '<xml/>', type: 'text/xml' },
    { payload: '{"a":' + '['.repeat(5000), type: 'application/json' },
    { payload: JSON.stringify({ reason: 'x'.repeat(2 * 1024 * 1024) }), type: 'application/json' },
  ),
);

function fill(url: string, param: () => string) {
  return url.replace(/:[A-Za-z0-9_]+/g, () => encodeURIComponent(param()));
}
function queryString(query: Record<string, unknown>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return params.toString();
}

describe('hostile input on every /api route', () => {
  it('never answers 5xx, always in the error shape, and changes nothing', async () => {
    expect(routes.length).toBeGreaterThan(30);
    const before = await fingerprint();
    const seen = new Set<string>();
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(pathParam, hostileObject, body, async (param, query, content) => {
          const cookie = await sessionCookieFor(testDb.handle.db, s.admin.id, NOW);
          const url = `${fill(route.url, param)}?${queryString(query)}`;
          const withBody = route.method !== 'GET' && route.method !== 'DELETE';
          const res = await app.inject({
            method: route.method as 'GET',
            url,
            headers: { cookie, ...(withBody ? { 'content-type': content.type } : {}) },
            ...(withBody ? { payload: content.payload } : {}),
          });
          const where = `${route.method} ${url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          seen.add(res.statusCode === 401 ? 'anonymous' : 'signed-in');
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
            expect(res.json(), where).toMatchObject({
              error: expect.any(String),
              message: expect.any(String),
            });
          }
        }),
        { numRuns: 16, seed: 20261121 },
      );
    }
    expect(await fingerprint()).toEqual(before);
    // The fuzzing is only worth something if it got past sign-in.
    expect([...seen]).toContain('signed-in');
  }, 300_000);
});
