import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_TAGS } from '@contracts/endpoint';
import { openApiEndpoint } from '@contracts/system';
import { route } from '../core/route';

/**
 * The OpenAPI 3.1 document is generated from the same zod contracts that validate requests, so
 * it cannot drift from what the server accepts. Registered before the routes it describes.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { version: string; publicUrl: string }) => {
    const fhirUrl = `${options.publicUrl.replace(/\/$/, '')}/fhir/R4`;
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Carebook API',
          version: options.version,
          description:
            'Clinic appointment booking for signed-in staff. Authenticate with POST /api/auth/login; the session cookie carries every later call. Errors are {error, message, details?}.\n\n' +
            `Other systems (health records, billing, patient apps) use the FHIR R4 API at [/fhir/R4](${fhirUrl}/metadata) instead, with an integration token an admin creates at /admin/integrations: see the README, section "FHIR API", and the API's CapabilityStatement at /fhir/R4/metadata.`,
        },
        externalDocs: {
          description: 'The FHIR R4 API: its CapabilityStatement (README, section "FHIR API")',
          url: `${fhirUrl}/metadata`,
        },
        servers: [{ url: options.publicUrl.replace(/\/$/, '') }],
        tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'carebook_session' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
      hideUntagged: false,
    });
  },
);

/** The readable reference page at /api/docs and the raw document at /api/openapi.json. */
export async function registerApiDocs(app: FastifyInstance) {
  route(app, openApiEndpoint, async () => app.swagger() as unknown as Record<string, unknown>);
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    staticCSP: false,
  });
}
