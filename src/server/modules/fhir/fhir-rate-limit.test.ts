import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { apiAs } from '../../test/api-client';
import { createToken, expectValidFhir, fhirAs } from '../../test/fhir-kit';
import * as t from '../../db/schema';
import { useTestApp } from '../../test/test-app';

const env = useTestApp({ now: '2026-11-23T12:00:00Z', config: { FHIR_RATE_LIMIT_PER_MINUTE: 3 } });

it('limits each token’s requests per minute with a 429 OperationOutcome and Retry-After', async () => {
  const { s } = await env.scenario();
  const admin = await apiAs(env.app, s.admin.email);
  const first = fhirAs(env.app, await createToken(admin, { clinicIds: [s.clinic.id] }));
  const second = fhirAs(env.app, await createToken(admin, { clinicIds: [s.clinic.id] }));
  for (let i = 0; i < 3; i++) expect((await first.get('/Organization')).statusCode).toBe(200);
  const limited = await first.get('/Organization');
  expect(limited.statusCode).toBe(429);
  expect(limited.headers['retry-after']).toBeDefined();
  const outcome = expectValidFhir(limited.json() as OperationOutcome);
  expect(outcome.issue[0]!.code).toBe('throttled');
  // Another token has its own allowance.
  expect((await second.get('/Organization')).statusCode).toBe(200);
});

it('counts tokens it has not seen valid against their address, so guessing at tokens meets 429', async () => {
  const { s } = await env.scenario();
  const guess = (remoteAddress: string) =>
    env.app.inject({
      method: 'GET',
      url: '/fhir/R4/Organization',
      headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
      remoteAddress,
    });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await guess('2001:db8:7:7::1')).statusCode);
  expect(statuses).toEqual([401, 401, 401, 429, 429]);
  // Another address of the same /64 is the same guesser; another /64 is not.
  expect((await guess('2001:db8:7:7::99')).statusCode).toBe(429);
  expect((await guess('2001:db8:7:8::1')).statusCode).toBe(401);

  // A valid token keeps its own allowance wherever it is sent from, its first request included.
  const admin = await apiAs(env.app, s.admin.email);
  const { token } = await createToken(admin, { clinicIds: [s.clinic.id] });
  const send = () =>
    env.app.inject({
      method: 'GET',
      url: '/fhir/R4/Organization',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '198.51.100.20',
    });
  for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
  expect((await send()).statusCode).toBe(429);
});

it('answers an address no route serves without looking up the token or auditing it', async () => {
  const { s } = await env.scenario();
  const admin = await apiAs(env.app, s.admin.email);
  const { token } = await createToken(admin, { clinicIds: [s.clinic.id] });
  const auditRows = async () => (await env.db.select().from(t.auditLog)).length;
  const before = await auditRows();
  const statuses: number[] = [];
  for (const path of ['/Patient/x/y', '/Foo', '/Patient/_search/', '/Patient/x/y']) {
    for (const bearer of [token, randomBytes(32).toString('base64url')]) {
      const res = await env.app.inject({
        method: 'GET',
        url: `/fhir/R4${path}`,
        headers: { authorization: `Bearer ${bearer}` },
        remoteAddress: '198.51.100.77',
      });
      statuses.push(res.statusCode);
    }
  }
  // Neither a 401 (the token was never looked up) nor an audit row per request.
  expect(new Set(statuses)).toEqual(new Set([404]));
  expect(await auditRows()).toBe(before);
});
