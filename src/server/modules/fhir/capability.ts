import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { includesOf, RESOURCES, support, type FhirResourceType } from './fhir-resources';

// The CapabilityStatement /metadata publishes, from the table of what this server supports
// (fhir-resources.ts).

const UNKNOWN_PARAMETERS =
  'Unknown search parameters are ignored, and named in an OperationOutcome entry of the Bundle, unless the request says Prefer: handling=strict, which refuses them with 400.';

/** The token endpoint's URL from the FHIR base's (the server's root + /oauth/token, ADR 059). */
const tokenUrlOf = (base: string) => `${base.replace(/\/fhir\/R4$/, '')}/oauth/token`;

export function capabilityStatement(input: {
  base: string;
  version: string;
  date: Date;
}): CapabilityStatement {
  const resource = (Object.keys(RESOURCES) as FhirResourceType[]).map(
    (type): CapabilityStatementRestResource => ({
      type,
      profile: `http://hl7.org/fhir/StructureDefinition/${type}`,
      documentation: RESOURCES[type].documentation,
      interaction: RESOURCES[type].interactions.map((code) => ({ code })),
      versioning: type === 'Appointment' ? 'versioned-update' : 'no-version',
      readHistory: false,
      updateCreate: false,
      conditionalCreate: false,
      conditionalUpdate: false,
      conditionalDelete: 'not-supported',
      ...(includesOf(type).includes.length
        ? { searchInclude: [...includesOf(type).includes] }
        : {}),
      ...(includesOf(type).revincludes.length
        ? { searchRevInclude: [...includesOf(type).revincludes] }
        : {}),
      searchParam: support(type).searchParams.map(({ name, type, documentation }) => ({
        name,
        type,
        documentation,
      })),
    }),
  );
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: input.date.toISOString(),
    publisher: 'Carebook',
    kind: 'instance',
    software: { name: 'Carebook', version: input.version },
    implementation: {
      description: 'Carebook scheduling: appointments, free slots and the records around them.',
      url: input.base,
    },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    patchFormat: ['application/json-patch+json'],
    rest: [
      {
        mode: 'server',
        documentation: `Every search is also accepted as POST [type]/_search with a form body. ${UNKNOWN_PARAMETERS} Errors are OperationOutcome resources.`,
        security: {
          cors: false,
          // SMART Backend Services (ADR 059): where the token endpoint is, as SMART asks.
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: tokenUrlOf(input.base) }],
            },
          ],
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          description:
            'Send an integration token (created by an admin at /admin/integrations) as Authorization: Bearer <token>; it sees its clinics, and writes only with the write scope. Or connect with SMART Backend Services (client_credentials, private_key_jwt; see .well-known/smart-configuration) for a 5-minute token of system scopes. A signed-in staff session works too. /metadata needs neither.',
        },
        // FHIR Bulk Data Access 2.0 (ADR 060), for SMART clients: also Group/[clinic id]/$export
        // and Patient/$export.
        operation: [
          {
            name: 'export',
            definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export',
          },
        ],
        resource,
        searchParam: [
          {
            name: '_summary',
            type: 'token',
            documentation: 'count: the Bundle says how many match (total) and lists none.',
          },
          {
            name: '_total',
            type: 'token',
            documentation:
              'accurate (or estimate): the Bundle says how many match in total; none (the default): it does not. _count=0 gives the total and no entries.',
          },
          {
            name: '_elements',
            type: 'special',
            documentation:
              'The elements of each match to answer with (comma-separated); the mandatory and modifier elements come too, and the resource is tagged SUBSETTED. Included resources come whole.',
          },
        ],
      },
    ],
  };
}
