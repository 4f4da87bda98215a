import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { Bundle, CapabilityStatement, OperationOutcome } from '@medplum/fhirtypes';
import * as t from '../../db/schema';
import { createAppointment } from '../../test/factories';
import { createToken, expectValidFhir, fhirAs, matches } from '../../test/fhir-kit';
import { useScenario, useTestApp } from '../../test/test-app';

// SMART Backend Services driven as an EHR would: client assertions signed here with `jose`, an
// independent JOSE implementation, exchanged over HTTP for access tokens the FHIR API takes.

const PUBLIC_URL = 'https://carebook.example.org';
const TOKEN_URL = `${PUBLIC_URL}/oauth/token`;
const TOKEN_LIMIT = 30;

const env = useTestApp({
  now: '2026-11-23T12:00:00Z',
  config: {
    PUBLIC_URL,
    WEBHOOK_ALLOW_PRIVATE: true,
    SMART_TOKEN_RATE_LIMIT_PER_MINUTE: TOKEN_LIMIT,
  },
});
const { s, admin, staff } = useScenario(env, 'admin');

interface Signer {
  alg: 'RS384' | 'ES384';
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function signer(alg: 'RS384' | 'ES384', kid = randomUUID()): Promise<Signer> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  return { alg, kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

let rsa: Signer;
let ec: Signer;
let stranger: Signer;
let jwksServer: http.Server;
let jwksUrl: string;
beforeAll(async () => {
  [rsa, ec, stranger] = await Promise.all([signer('RS384'), signer('ES384'), signer('RS384')]);
  // The EC client publishes its keys at a URL, read through the server's URL guard.
  jwksServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [ec.jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;
});
afterAll(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));

async function register(body: {
  scopes: string[];
  jwks?: { keys: JWK[] };
  jwksUrl?: string;
  clinicIds?: string[];
}): Promise<string> {
  const res = await admin.post('/api/admin/smart-clients', {
    name: 'Regional EHR',
    clinicIds: body.clinicIds ?? [s.clinic.id],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { clientId: string }).clientId;
}

/** A client assertion as SMART Backend Services asks for, with what each test changes. */
function assertion(
  key: Signer,
  clientId: string,
  change: { aud?: string; expIn?: number; jti?: string; kid?: string; iss?: string } = {},
) {
  const now = Math.floor(env.now().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: change.kid ?? key.kid, typ: 'JWT' })
    .setIssuer(change.iss ?? clientId)
    .setSubject(change.iss ?? clientId)
    .setAudience(change.aud ?? TOKEN_URL)
    .setIssuedAt(now)
    .setExpirationTime(now + (change.expIn ?? 240))
    .setJti(change.jti ?? randomUUID())
    .sign(key.privateKey);
}

function requestToken(form: Record<string, string>, remoteAddress = '127.0.0.1') {
  return env.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    payload: new URLSearchParams(form).toString(),
    remoteAddress,
  });
}

const tokenForm = (clientAssertion: string, scope: string) => ({
  grant_type: 'client_credentials',
  client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
  client_assertion: clientAssertion,
  scope,
});

async function accessToken(key: Signer, clientId: string, scope: string) {
  const res = await requestToken(tokenForm(await assertion(key, clientId), scope));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    access_token: string;
    token_type: string;
    expires_in: number;
    scope: string;
  };
}

/** An RFC 6749 refusal: its status, error code, and a sentence saying why. */
function oauthRefusal(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  const body = JSON.parse(res.body) as {
    error: string;
    error_description: string;
    message: string;
  };
  expect(res.headers['cache-control']).toBe('no-store');
  expect(body.error_description).toMatch(/\.$/);
  expect(body.message).toBe(body.error_description);
  return { status: res.statusCode, error: body.error, description: body.error_description };
}

function outcome(res: { statusCode: number; body: string }) {
  const o = expectValidFhir(JSON.parse(res.body) as OperationOutcome);
  return { status: res.statusCode, code: o.issue[0]!.code, text: o.issue[0]!.details?.text };
}

describe('GET /.well-known/smart-configuration', () => {
  it('tells anyone, at the root and at the FHIR base, how a backend service gets a token', async () => {
    for (const url of [
      '/.well-known/smart-configuration',
      '/fhir/R4/.well-known/smart-configuration',
    ]) {
      const res = await env.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const config = res.json();
      expect(config).toMatchObject({
        token_endpoint: TOKEN_URL,
        token_endpoint_auth_methods_supported: ['private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
        grant_types_supported: ['client_credentials'],
      });
      expect(config.capabilities).toEqual(
        expect.arrayContaining([
          'client-confidential-asymmetric',
          'permission-v2',
          'permission-v1',
        ]),
      );
      expect(config.scopes_supported).toEqual(
        expect.arrayContaining(['system/*.cruds', 'system/Appointment.rs', 'system/Patient.rs']),
      );
    }
    // The CapabilityStatement says the same, as SMART asks, and offers $export.
    const metadata = await env.app.inject({ method: 'GET', url: '/fhir/R4/metadata' });
    const statement = expectValidFhir(metadata.json() as CapabilityStatement);
    const security = statement.rest![0]!.security!;
    expect(security.service![0]!.coding![0]!.code).toBe('SMART-on-FHIR');
    expect(security.extension![0]!.extension).toEqual([{ url: 'token', valueUri: TOKEN_URL }]);
    expect(statement.rest![0]!.operation).toEqual([
      { name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export' },
    ]);
  });
});

describe('the token endpoint and the FHIR API with its tokens', () => {
  it('issues an RS384 client a 5-minute token of its scopes that reads its clinic only and cannot write', async () => {
    const clientId = await register({
      scopes: ['system/Appointment.rs'],
      jwks: { keys: [rsa.jwk] },
    });
    const own = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date('2026-11-24T15:00:00Z') },
    );
    const token = await accessToken(rsa, clientId, 'system/Appointment.rs');
    expect(token).toMatchObject({
      token_type: 'bearer',
      expires_in: 300,
      scope: 'system/Appointment.rs',
    });
    const fhir = fhirAs(env.app, { token: token.access_token });

    const search = await fhir.get('/Appointment?date=ge2026-11-01');
    expect(search.statusCode).toBe(200);
    const ids = matches(search.json() as Bundle).map((a) => a.id);
    expect(ids).toContain(own.id);
    // Another clinic's data is not there, and is not found when asked for by id.
    expect(ids).not.toContain(s.foreignAppointment.id);
    expect((await fhir.get(`/Appointment/${s.foreignAppointment.id}`)).statusCode).toBe(404);

    // Its scopes allow reading and searching Appointments: nothing else, and no writes.
    const write = await fhir.put(`/Appointment/${own.id}`, { resourceType: 'Appointment' });
    expect(outcome(write)).toMatchObject({ status: 403, code: 'forbidden' });
    expect(outcome(write).text).toMatch(/system\/Appointment\.rs.*update Appointment/);
    expect(outcome(await fhir.get(`/Patient/${s.patient.id}`))).toMatchObject({ status: 403 });
    // An _include of a type it may not read is left out.
    const withPatients = await fhir.get(
      '/Appointment?date=ge2026-11-01&_include=Appointment:patient',
    );
    const bundle = expectValidFhir(withPatients.json() as Bundle);
    expect(bundle.entry!.some((e) => e.resource?.resourceType === 'Patient')).toBe(false);

    // Each request is audited in the client's name.
    const rows = await env.db.select().from(t.auditLog).where(eq(t.auditLog.userId, clientId));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['sign_in', 'api_request']));
    // And the clinic's admins see them in the audit log, under the client's name.
    const entries = (await admin.get('/api/admin/audit')).json().data as Array<{
      action: string;
      user: { name: string } | null;
    }>;
    expect(entries.find((e) => e.action === 'api_request')?.user?.name).toBe(
      'Regional EHR (SMART client)',
    );
    expect(entries.find((e) => e.action === 'sign_in')?.user?.name).toBe(
      'Regional EHR (SMART client)',
    );

    // The static integration tokens keep working beside it.
    const legacy = await createToken(admin, { clinicIds: [s.clinic.id], scopes: ['read'] });
    expect((await fhirAs(env.app, legacy).get('/Appointment')).statusCode).toBe(200);

    // Five minutes on, the token is refused: the client asks for another.
    env.advance(301_000);
    const expired = await fhir.get('/Appointment');
    expect(outcome(expired)).toMatchObject({ status: 401, code: 'login' });
    expect(expired.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('issues an ES384 client whose JWKS is at a URL, and its write scope lets it add a patient', async () => {
    const clientId = await register({ scopes: ['system/*.cruds'], jwksUrl });
    const token = await accessToken(ec, clientId, 'system/Patient.cruds system/Appointment.read');
    expect(token.scope).toBe('system/Appointment.rs system/Patient.cruds');
    const fhir = fhirAs(env.app, { token: token.access_token });
    const created = await fhir.post('/Patient', {
      resourceType: 'Patient',
      name: [{ family: 'Ng', given: ['Ada'] }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(outcome(await fhir.post('/Appointment', { resourceType: 'Appointment' }))).toMatchObject(
      {
        status: 403,
      },
    );
  });

  it('cuts a request beyond the registration down to it, and refuses one with nothing in it', async () => {
    const clientId = await register({
      scopes: ['system/Appointment.read', 'system/Patient.r'],
      jwks: { keys: [rsa.jwk] },
    });
    const listed = (await admin.get('/api/admin/smart-clients')).json();
    expect(listed.data[0]).toMatchObject({
      clientId,
      scopes: ['system/Appointment.rs', 'system/Patient.r'],
      keyIds: [rsa.kid],
    });
    const wide = await accessToken(rsa, clientId, 'system/*.cruds');
    expect(wide.scope).toBe('system/Appointment.rs system/Patient.r');
    const fhir = fhirAs(env.app, { token: wide.access_token });
    expect((await fhir.get(`/Patient/${s.patient.id}`)).statusCode).toBe(200);
    expect(outcome(await fhir.get('/Patient'))).toMatchObject({ status: 403 });

    const escalation = await requestToken(
      tokenForm(await assertion(rsa, clientId), 'system/Patient.cud system/Slot.rs'),
    );
    expect(oauthRefusal(escalation)).toMatchObject({ status: 400, error: 'invalid_scope' });
    const malformed = await requestToken(
      tokenForm(await assertion(rsa, clientId), 'patient/*.read'),
    );
    expect(oauthRefusal(malformed)).toMatchObject({ status: 400, error: 'invalid_scope' });
    const grant = await requestToken({
      ...tokenForm(await assertion(rsa, clientId), 'system/Patient.r'),
      grant_type: 'authorization_code',
    });
    expect(oauthRefusal(grant)).toMatchObject({ status: 400, error: 'unsupported_grant_type' });
  });

  it('refuses a wrong aud, an expired or too long-lived assertion, a replayed jti, an unknown kid or key, an unknown or revoked client', async () => {
    const clientId = await register({
      scopes: ['system/Appointment.rs'],
      jwks: { keys: [rsa.jwk] },
    });
    const scope = 'system/Appointment.rs';
    const refused = async (jwt: string | Promise<string>) =>
      oauthRefusal(await requestToken(tokenForm(await jwt, scope)));

    expect(await refused(assertion(rsa, clientId, { aud: `${PUBLIC_URL}/fhir/R4` }))).toMatchObject(
      {
        status: 401,
        error: 'invalid_client',
        description: expect.stringContaining(TOKEN_URL),
      },
    );
    expect(await refused(assertion(rsa, clientId, { expIn: -10 }))).toMatchObject({
      error: 'invalid_client',
      description: expect.stringMatching(/expired/),
    });
    expect(await refused(assertion(rsa, clientId, { expIn: 600 }))).toMatchObject({
      error: 'invalid_client',
      description: expect.stringMatching(/five minutes/),
    });
    expect(await refused(assertion(rsa, clientId, { kid: 'no-such-key' }))).toMatchObject({
      error: 'invalid_client',
      description: expect.stringContaining('no-such-key'),
    });
    // Another key under the registered key's kid: its signature does not verify.
    expect(await refused(assertion({ ...stranger, kid: rsa.kid }, clientId))).toMatchObject({
      error: 'invalid_client',
      description: expect.stringMatching(/signature/),
    });
    expect(await refused(assertion(rsa, clientId, { iss: randomUUID() }))).toMatchObject({
      error: 'invalid_client',
      description: expect.stringMatching(/No client is registered/),
    });

    const jti = randomUUID();
    const first = await requestToken(tokenForm(await assertion(rsa, clientId, { jti }), scope));
    expect(first.statusCode).toBe(200);
    expect(await refused(assertion(rsa, clientId, { jti }))).toMatchObject({
      error: 'invalid_client',
      description: expect.stringMatching(/already used/),
    });
    // The jti is kept in the database, where every instance finds it.
    expect(await env.db.select().from(t.smartAssertionJtis)).toHaveLength(1);

    // Revoked: no new token, and the one it holds stops working at once.
    const held = fhirAs(env.app, {
      token: (first.json() as { access_token: string }).access_token,
    });
    expect((await held.get('/Appointment')).statusCode).toBe(200);
    const revoke = await admin.call('DELETE', `/api/admin/smart-clients/${clientId}`);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revokedAt).not.toBeNull();
    expect(await refused(assertion(rsa, clientId))).toMatchObject({
      error: 'invalid_client',
      description: expect.stringMatching(/revoked/),
    });
    expect(outcome(await held.get('/Appointment'))).toMatchObject({ status: 401 });
  });

  it('limits token requests per address, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= TOKEN_LIMIT; i++) {
      statuses.push(
        (await requestToken({ grant_type: 'client_credentials' }, '203.0.113.7')).statusCode,
      );
    }
    expect(statuses.slice(0, TOKEN_LIMIT).every((code) => code === 400)).toBe(true);
    const limited = await requestToken({ grant_type: 'client_credentials' }, '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(JSON.parse(limited.body).message).toMatch(/Too many token requests/);
    // Another address has its own allowance.
    expect(
      (await requestToken({ grant_type: 'client_credentials' }, '203.0.113.8')).statusCode,
    ).toBe(400);
  });
});

describe('the admins’ API for SMART clients', () => {
  it('is for admins of the clinics, takes public keys only, and names what is wrong', async () => {
    const asStaff = await staff.post('/api/admin/smart-clients', {
      name: 'EHR',
      clinicIds: [s.clinic.id],
      scopes: ['system/Appointment.rs'],
      jwks: { keys: [rsa.jwk] },
    });
    expect(asStaff.statusCode).toBe(403);
    const otherClinic = await admin.post('/api/admin/smart-clients', {
      name: 'EHR',
      clinicIds: [s.foreign.id],
      scopes: ['system/Appointment.rs'],
      jwks: { keys: [rsa.jwk] },
    });
    expect(otherClinic.statusCode).toBe(404);
    const { privateKey } = await generateKeyPair('ES384', { extractable: true });
    const withPrivate = await admin.post('/api/admin/smart-clients', {
      name: 'EHR',
      clinicIds: [s.clinic.id],
      scopes: ['system/Appointment.rs'],
      jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'k1' }] },
    });
    expect(withPrivate.statusCode).toBe(400);
    expect(withPrivate.body).toMatch(/public keys only/);
    const badScope = await admin.post('/api/admin/smart-clients', {
      name: 'EHR',
      clinicIds: [s.clinic.id],
      scopes: ['user/Appointment.rs'],
      jwksUrl,
    });
    expect(badScope.statusCode).toBe(400);
    const unknownType = await admin.post('/api/admin/smart-clients', {
      name: 'EHR',
      clinicIds: [s.clinic.id],
      scopes: ['system/Observation.rs'],
      jwksUrl,
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().message).toMatch(/no Observation resources/);
    expect(await env.db.select().from(t.smartClients)).toEqual([]);
  });
});
