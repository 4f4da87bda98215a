import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CapabilityStatement, OperationOutcome } from '@medplum/fhirtypes';
import * as t from '../../db/schema';
import { createAppointment } from '../../test/factories';
import { createToken, expectValidFhir, fhirAs, FHIR_JSON } from '../../test/fhir-kit';
import { useScenario, useTestApp } from '../../test/test-app';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff, admin } = useScenario(env, 'admin');

/** The OperationOutcome of a refusal, checked by the validator, with its first issue's code. */
function refusal(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
  const outcome = expectValidFhir(JSON.parse(res.body) as OperationOutcome);
  expect(outcome.resourceType).toBe('OperationOutcome');
  return {
    status: res.statusCode,
    code: outcome.issue[0]!.code,
    text: outcome.issue[0]!.details?.text,
  };
}

describe('GET /fhir/R4/metadata', () => {
  it('answers anyone with a valid R4 CapabilityStatement of exactly what is supported', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/fhir/R4/metadata' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const statement = expectValidFhir(res.json() as CapabilityStatement);
    expect(statement).toMatchObject({ fhirVersion: '4.0.1', kind: 'instance', status: 'active' });
    const resources = statement.rest![0]!.resource!;
    expect(resources.map((r) => r.type).sort()).toEqual(
      [
        'Appointment',
        'Device',
        'HealthcareService',
        'Location',
        'Organization',
        'Patient',
        'Practitioner',
        'PractitionerRole',
        'Schedule',
        'Slot',
      ].sort(),
    );
    const appointment = resources.find((r) => r.type === 'Appointment')!;
    // Earlier versions are not kept: no vread or history is claimed.
    expect(appointment.interaction!.map((i) => i.code)).toEqual([
      'read',
      'search-type',
      'create',
      'update',
      'patch',
    ]);
    const interactions = resources.flatMap((r) => r.interaction!.map((i) => i.code));
    expect(interactions).not.toContain('vread');
    expect(interactions).not.toContain('history-instance');
    expect(resources.every((r) => r.readHistory === false)).toBe(true);
    expect(appointment.searchParam!.map((p) => p.name)).toEqual([
      '_id',
      'date',
      '_lastUpdated',
      'actor',
      'patient',
      'practitioner',
      'location',
      'service-type',
      'status',
      '_sort',
      '_count',
    ]);
    expect(appointment.searchInclude).toEqual([
      'Appointment:patient',
      'Appointment:practitioner',
      'Appointment:location',
      'Appointment:actor',
      'Appointment:slot',
    ]);
    const byType = (type: string) => resources.find((r) => r.type === type)!;
    expect(byType('Slot').searchInclude).toEqual(['Slot:schedule']);
    expect(byType('Patient').searchRevInclude).toEqual(['Appointment:patient']);
    expect(byType('Patient').searchParam!.map((p) => p.name)).toEqual([
      '_id',
      'name',
      'family',
      'given',
      'birthdate',
      '_lastUpdated',
      'gender',
      'phone',
      'email',
      'identifier',
      '_count',
    ]);
    // _lastUpdated only where a record says when it last changed; includes only where listed.
    expect(
      resources
        .filter((r) => r.searchParam!.some((p) => p.name === '_lastUpdated'))
        .map((r) => r.type),
    ).toEqual(['Appointment', 'Patient']);
    expect(
      resources.filter((r) => r.searchInclude || r.searchRevInclude).map((r) => r.type),
    ).toEqual(['Appointment', 'Slot', 'Patient']);
    expect(statement.rest![0]!.searchParam!.map((p) => p.name)).toEqual([
      '_summary',
      '_total',
      '_elements',
    ]);
  });

  it('accepts every search parameter it lists, and refuses with strict handling one it does not', async () => {
    const statement = (
      await env.app.inject({ method: 'GET', url: '/fhir/R4/metadata' })
    ).json() as CapabilityStatement;
    const fhir = fhirAs(env.app, { cookie: staff.cookie });
    for (const resource of statement.rest![0]!.resource!) {
      const listed = resource.searchParam!.map((p) => p.name);
      for (const param of resource.searchParam!) {
        const value =
          param.type === 'date' ? 'ge2026-11-24' : param.name === '_sort' ? 'date' : '5';
        const res = await fhir.get(`/${resource.type}?${param.name}=${value}`, {
          prefer: 'handling=strict',
        });
        // Known: answered, or refused for its value in words naming it, never as unknown.
        expect([200, 400], `${resource.type}?${param.name}: ${res.body}`).toContain(res.statusCode);
        expect(res.body).not.toContain('Unknown search parameter');
      }
      for (const unlisted of ['_lastUpdated', 'family', 'actor', 'birthdate']) {
        if (listed.includes(unlisted)) continue;
        const res = await fhir.get(`/${resource.type}?${unlisted}=x`, {
          prefer: 'handling=strict',
        });
        expect(res.statusCode, `${resource.type}?${unlisted}`).toBe(400);
        expect(res.body).toContain(unlisted);
      }
    }
  });

  it('answers a request for XML with 406, whether by Accept or _format, and JSON otherwise', async () => {
    const fhir = fhirAs(env.app, { cookie: staff.cookie });
    const asked = [
      ['/Patient', { accept: 'application/fhir+xml' }],
      ['/Patient', { accept: 'application/xml' }],
      ['/Patient?_format=xml', {}],
      ['/Patient?_format=application/fhir%2Bxml', {}],
      [`/Patient/${s.patient.id}`, { accept: 'application/fhir+xml' }],
      [`/Patient/${s.patient.id}?_format=xml`, {}],
      ['/metadata', { accept: 'application/fhir+xml' }],
      ['/Patient', { accept: 'application/fhir+json;q=0, application/fhir+xml' }],
    ] as const;
    for (const [path, headers] of asked) {
      const res = await fhir.get(path, { ...headers });
      expect(refusal(res), `${path} ${JSON.stringify(headers)}`).toMatchObject({
        status: 406,
        code: 'not-supported',
      });
    }
    for (const accept of [
      'application/fhir+json',
      'application/json',
      '*/*',
      'application/fhir+xml;q=0.9, application/fhir+json',
      'text/html, */*;q=0.1',
    ]) {
      const res = await fhir.get(`/Patient/${s.patient.id}?_format=json`, { accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    }
    const noAccept = await env.app.inject({
      method: 'GET',
      url: '/fhir/R4/metadata?_format=application/fhir%2Bjson',
    });
    expect(noAccept.statusCode).toBe(200);
  });

  it('is not in the JSON API’s OpenAPI document, whose description points to it', async () => {
    const doc = (await env.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/fhir'))).toEqual([]);
    expect(doc.info.description).toContain('/fhir/R4');
  });
});

describe('who may call', () => {
  it('asks a caller without credentials for a token, as an OperationOutcome with WWW-Authenticate', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/fhir/R4/Patient' });
    expect(refusal(res)).toMatchObject({ status: 401, code: 'login' });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="Carebook FHIR"');
  });

  it.each([
    ['a wrong token', 'Bearer cbk_wrong'],
    ['a token of the wrong form', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
    ['an overlong token', `Bearer ${'a'.repeat(5000)}`],
  ])('answers %s with 401', async (_name, authorization) => {
    const res = await env.app.inject({
      method: 'GET',
      url: '/fhir/R4/Organization',
      headers: { authorization },
    });
    expect(refusal(res)).toMatchObject({ status: 401, code: 'login' });
  });

  it('answers a revoked token with 401', async () => {
    const { id, token } = await createToken(admin, { clinicIds: [s.clinic.id] });
    await admin.call('DELETE', `/api/admin/api-tokens/${id}`);
    const res = await fhirAs(env.app, { token }).get(`/Patient/${s.patient.id}`);
    expect(refusal(res)).toMatchObject({ status: 401, code: 'login' });
  });

  it('lets a signed-in staff member in with their session, scoped to their clinics', async () => {
    const fhir = fhirAs(env.app, { cookie: staff.cookie });
    const res = await fhir.get(`/Patient/${s.patient.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(refusal(await fhir.get(`/Patient/${s.foreignPatient.id}`))).toMatchObject({
      status: 404,
      code: 'not-found',
    });
  });

  it('refuses a change sent with the session cookie from another site', async () => {
    const res = await fhirAs(env.app, { cookie: staff.cookie }).post(
      '/Patient',
      { resourceType: 'Patient', name: [{ family: 'Ng', given: ['Ada'] }] },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(refusal(res)).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('refuses it from another site however the query string dresses it as a search', async () => {
    const fhir = fhirAs(env.app, { cookie: staff.cookie });
    const patient = {
      resourceType: 'Patient',
      name: [{ family: 'Quist', given: ['Ida'] }],
      telecom: [{ system: 'email', value: 'ida.quist@example.com' }],
    };
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const res = await fhir.post('/Patient?_=/_search', patient, headers);
      expect(refusal(res)).toMatchObject({ status: 403, code: 'forbidden' });
    }
    expect(
      await env.db.select().from(t.patients).where(eq(t.patients.email, 'ida.quist@example.com')),
    ).toEqual([]);
  });
});

describe('a token sees its clinics only', () => {
  it('answers another clinic’s records with 404, exactly as records that do not exist', async () => {
    const { token } = await createToken(admin, { clinicIds: [s.clinic.id], scopes: ['read'] });
    const fhir = fhirAs(env.app, { token });
    for (const path of [
      `/Appointment/${s.foreignAppointment.id}`,
      `/Patient/${s.foreignPatient.id}`,
      `/Practitioner/${s.foreignAgent.id}`,
      `/Organization/${s.foreign.id}`,
      `/Location/${s.foreign.id}`,
      '/Appointment/00000000-0000-4000-8000-000000000000',
      '/Appointment/not-a-uuid',
    ]) {
      expect(refusal(await fhir.get(path)), path).toMatchObject({ status: 404, code: 'not-found' });
    }
    const own = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date('2026-11-24T15:00:00Z') },
    );
    expect((await fhir.get(`/Appointment/${own.id}`)).statusCode).toBe(200);
    const search = (await fhir.get('/Appointment?date=ge2026-11-01')).json();
    expect(search.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([own.id]);
  });

  it('refuses a write with a read-only token (403) and allows it with a read-write one', async () => {
    const patient = {
      resourceType: 'Patient',
      name: [{ family: 'Ng', given: ['Ada'] }],
      telecom: [{ system: 'email', value: 'ada.ng@example.com' }],
    };
    const read = await createToken(admin, { clinicIds: [s.clinic.id], scopes: ['read'] });
    const refused = await fhirAs(env.app, read).post('/Patient', patient);
    expect(refusal(refused)).toMatchObject({ status: 403, code: 'forbidden' });
    expect(
      await env.db.select().from(t.patients).where(eq(t.patients.email, 'ada.ng@example.com')),
    ).toEqual([]);
    // A search sent as a form is a read.
    const search = await env.app.inject({
      method: 'POST',
      url: '/fhir/R4/Patient/_search',
      headers: {
        authorization: `Bearer ${read.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'name=jose',
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().entry).toHaveLength(1);

    const write = await createToken(admin, { clinicIds: [s.clinic.id], scopes: ['read', 'write'] });
    expect((await fhirAs(env.app, write).post('/Patient', patient)).statusCode).toBe(201);
  });

  it('tells a read from a write by the route, not by what the query string says', async () => {
    const read = await createToken(admin, { clinicIds: [s.clinic.id], scopes: ['read'] });
    const fhir = fhirAs(env.app, read);
    const appointmentsBefore = await env.db.select().from(t.appointments);
    const patient = {
      resourceType: 'Patient',
      name: [{ family: 'Quist', given: ['Ida'] }],
      telecom: [{ system: 'email', value: 'ida.quist@example.com' }],
    };
    for (const path of ['/Patient?_=/_search', '/Patient?x=%2F_search', '/Patient?/_search']) {
      expect(refusal(await fhir.post(path, patient)), path).toMatchObject({
        status: 403,
        code: 'forbidden',
      });
    }
    const appointment = {
      resourceType: 'Appointment',
      status: 'booked',
      start: '2026-11-24T15:00:00Z',
      end: '2026-11-24T15:30:00Z',
      participant: [
        { actor: { reference: `Patient/${s.patient.id}` }, status: 'accepted' },
        { actor: { reference: `Practitioner/${s.provider.id}` }, status: 'accepted' },
      ],
    };
    expect(refusal(await fhir.post('/Appointment?x=/_search', appointment))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    expect(
      await env.db.select().from(t.patients).where(eq(t.patients.email, 'ida.quist@example.com')),
    ).toEqual([]);
    expect(await env.db.select().from(t.appointments)).toEqual(appointmentsBefore);
  });
});

describe('errors', () => {
  it('answers an unknown resource type with 404 and an unsupported interaction with 405', async () => {
    const { token } = await createToken(admin, { clinicIds: [s.clinic.id] });
    const fhir = fhirAs(env.app, { token });
    expect(refusal(await fhir.get('/Observation'))).toMatchObject({ status: 404 });
    expect(refusal(await fhir.call('DELETE', `/Patient/${s.patient.id}`))).toMatchObject({
      status: 405,
      code: 'not-supported',
    });
  });

  it('answers a body that is not JSON, or of another type, with 400 or 415', async () => {
    const { token } = await createToken(admin, { clinicIds: [s.clinic.id] });
    const fhir = fhirAs(env.app, { token });
    const broken = await fhir.call('POST', '/Patient', undefined, {
      'content-type': FHIR_JSON,
    });
    expect(refusal(broken).status).toBe(400);
    const xml = await env.app.inject({
      method: 'POST',
      url: '/fhir/R4/Patient',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+xml' },
      payload: '<Patient/>',
    });
    expect(refusal(xml).status).toBe(415);
    const wrongType = await fhir.post('/Patient', { resourceType: 'Appointment' });
    expect(refusal(wrongType)).toMatchObject({ status: 400, code: 'invalid' });
  });
});
