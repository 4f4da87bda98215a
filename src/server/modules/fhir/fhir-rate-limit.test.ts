import { expect, it } from 'vitest';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { apiAs } from '../../test/api-client';
import { createToken, expectValidFhir, fhirAs } from '../../test/fhir-kit';
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
