import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { testConfig } from '../../config';
import * as t from '../../db/schema';
import { createAppointment } from '../../test/factories';
import { createToken, expectValidFhir, fhirAs } from '../../test/fhir-kit';
import { useScenario, useTestApp } from '../../test/test-app';
import { createBulkExportWorker, type BulkExportWorker } from './bulk-export-worker';

// FHIR Bulk Data Access 2.0 driven over HTTP as an EHR's bulk client does: a SMART Backend
// Services token (assertion signed here with `jose`), kick-off, polling, the manifest, and every
// NDJSON line of every file through the R4 validator.

const PUBLIC_URL = 'https://carebook.example.org';
const BASE = `${PUBLIC_URL}/fhir/R4`;
const env = useTestApp({ now: '2026-11-23T12:00:00Z', config: { PUBLIC_URL } });
const { s, admin } = useScenario(env, 'admin');

let key: { privateKey: CryptoKey; jwk: JWK; kid: string };
let worker: BulkExportWorker;
beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
  key = { privateKey, kid: 'bulk-1', jwk: { ...(await exportJWK(publicKey)), kid: 'bulk-1' } };
  // The worker as main.ts starts it, driven here a pass at a time.
  worker = createBulkExportWorker(
    { config: testConfig({ PUBLIC_URL }), db: env.handle, now: () => env.now(), version: 'test' },
    { logger: { warn: () => undefined }, intervalMs: 3_600_000 },
  );
});
afterAll(() => worker.stop());

async function tokenFor(scopes: string[]) {
  const reg = await admin.post('/api/admin/smart-clients', {
    name: 'Bulk client',
    clinicIds: [s.clinic.id],
    scopes,
    jwks: { keys: [key.jwk] },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const clientId = (reg.json() as { clientId: string }).clientId;
  const now = Math.floor(env.now().getTime() / 1000);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES384', kid: key.kid })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(`${PUBLIC_URL}/oauth/token`)
    .setExpirationTime(now + 120)
    .setJti(randomUUID())
    .sign(key.privateKey);
  const res = await env.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: scopes.join(' '),
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

const path = (url: string) => url.slice(PUBLIC_URL.length);

function call(
  token: string | null,
  method: 'GET' | 'DELETE',
  url: string,
  accept = 'application/fhir+json',
) {
  return env.app.inject({
    method,
    url,
    headers: {
      accept,
      prefer: 'respond-async',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: Array<{ type: string; url: string; count: number }>;
  error: unknown[];
}

/** Kick-off, a poll while it waits, the worker's pass, the manifest, and every file's lines. */
async function runExport(token: string, kickOffPath: string) {
  const kickOff = await call(token, 'GET', kickOffPath);
  expect(kickOff.statusCode, kickOff.body).toBe(202);
  const status = kickOff.headers['content-location'] as string;
  expect(status).toMatch(new RegExp(`^${BASE.replace(/[.$]/g, '\\$&')}/\\$export-status/`));
  const waiting = await call(token, 'GET', path(status));
  expect(waiting.statusCode).toBe(202);
  expect(waiting.headers['x-progress']).toBeTruthy();
  expect(await worker.runOnce()).toBe(1);
  const done = await call(token, 'GET', path(status));
  expect(done.statusCode, done.body).toBe(200);
  const manifest = done.json() as Manifest;
  expect(manifest).toMatchObject({
    transactionTime: env.now().toISOString(),
    request: `${PUBLIC_URL}${kickOffPath}`,
    requiresAccessToken: true,
    error: [],
  });
  const resources: Resource[] = [];
  for (const file of manifest.output) {
    const res = await call(token, 'GET', path(file.url), 'application/fhir+ndjson');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
    const lines = res.body.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(file.count);
    for (const line of lines) {
      const resource = expectValidFhir(JSON.parse(line) as Resource);
      expect(resource.resourceType).toBe(file.type);
      resources.push(resource);
    }
  }
  return { status, manifest, resources };
}

const idsOf = (resources: Resource[], type: string) =>
  resources.filter((r) => r.resourceType === type).map((r) => r.id);

describe('FHIR Bulk Data $export', () => {
  it('exports the client’s clinics at system level, every line valid R4, another clinic absent, then deletes it', async () => {
    const own = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date('2026-11-24T15:00:00Z') },
    );
    const token = await tokenFor(['system/*.rs']);
    const { status, manifest, resources } = await runExport(token, '/fhir/R4/$export');
    expect(new Set(manifest.output.map((o) => o.type))).toEqual(
      new Set([
        'Organization',
        'Location',
        'HealthcareService',
        'Practitioner',
        'PractitionerRole',
        'Schedule',
        'Patient',
        'Appointment',
      ]),
    );
    expect(idsOf(resources, 'Appointment')).toContain(own.id);
    expect(idsOf(resources, 'Appointment')).not.toContain(s.foreignAppointment.id);
    expect(idsOf(resources, 'Patient')).toContain(s.patient.id);
    expect(idsOf(resources, 'Patient')).not.toContain(s.foreignPatient.id);
    expect(idsOf(resources, 'Organization')).toEqual([s.clinic.id]);

    // Files need the same client's token.
    const file = path(manifest.output[0]!.url);
    expect((await call(null, 'GET', file, 'application/fhir+ndjson')).statusCode).toBe(401);
    const other = await tokenFor(['system/*.rs']);
    expect((await call(other, 'GET', file, 'application/fhir+ndjson')).statusCode).toBe(404);

    // Audited: the kick-off, and each request with the token.
    const audit = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'export'));
    expect(audit).toHaveLength(1);

    expect((await call(token, 'DELETE', path(status))).statusCode).toBe(202);
    expect((await call(token, 'GET', path(status))).statusCode).toBe(404);
    expect(await env.db.select().from(t.bulkExportFiles)).toEqual([]);
  });

  it('takes _type and _since, and Group (a clinic) and Patient levels', async () => {
    const recent = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date('2026-11-25T15:00:00Z') },
    );
    const older = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.otherPatient.id, staffId: s.provider.id },
      { start: new Date('2026-11-26T15:00:00Z') },
    );
    await env.db
      .update(t.appointments)
      .set({ updatedAt: new Date('2026-10-01T00:00:00Z') })
      .where(eq(t.appointments.id, older.id));
    const token = await tokenFor(['system/*.rs']);

    const since = await runExport(
      token,
      `/fhir/R4/Group/${s.clinic.id}/$export?_type=Appointment&_since=2026-11-01T00:00:00Z`,
    );
    expect(since.manifest.output.map((o) => o.type)).toEqual(['Appointment']);
    expect(idsOf(since.resources, 'Appointment')).toContain(recent.id);
    expect(idsOf(since.resources, 'Appointment')).not.toContain(older.id);

    const patients = await runExport(token, '/fhir/R4/Patient/$export?_type=Patient');
    expect(patients.manifest.output.map((o) => o.type)).toEqual(['Patient']);
    expect(idsOf(patients.resources, 'Patient')).toEqual(
      expect.arrayContaining([s.patient.id, s.otherPatient.id]),
    );

    const refused = async (url: string, accept?: string) => {
      const res = await call(token, 'GET', url, accept);
      return { status: res.statusCode, outcome: expectValidFhir(res.json() as OperationOutcome) };
    };
    expect((await refused(`/fhir/R4/Group/${s.foreign.id}/$export`)).status).toBe(404);
    expect((await refused('/fhir/R4/Patient/$export?_type=Practitioner')).status).toBe(400);
    expect((await refused('/fhir/R4/$export?_since=yesterday')).status).toBe(400);
    expect(
      (await refused('/fhir/R4/$export?_typeFilter=Appointment%3Fstatus%3Dbooked')).status,
    ).toBe(400);
    const sync = await env.app.inject({
      method: 'GET',
      url: '/fhir/R4/$export',
      headers: { authorization: `Bearer ${token}`, accept: 'application/fhir+json' },
    });
    expect(sync.statusCode).toBe(400);
    expect(sync.body).toMatch(/respond-async/);
  });

  it('exports only what the token may read: an Appointment-only token cannot export Patient', async () => {
    const token = await tokenFor(['system/Appointment.rs']);
    const refused = await call(token, 'GET', '/fhir/R4/$export?_type=Patient');
    expect(refused.statusCode).toBe(403);
    expect(expectValidFhir(refused.json() as OperationOutcome).issue[0]!.details?.text).toMatch(
      /cannot export them/,
    );
    const { manifest } = await runExport(token, '/fhir/R4/$export');
    expect(manifest.output.every((o) => o.type === 'Appointment')).toBe(true);

    // A static integration token is not a bulk client.
    const legacy = await createToken(admin, { clinicIds: [s.clinic.id] });
    const res = await fhirAs(env.app, legacy).get('/$export', { prefer: 'respond-async' });
    expect(res.statusCode).toBe(403);
  });
});
