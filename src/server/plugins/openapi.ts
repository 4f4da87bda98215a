import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3.1 document is generated from the same zod contracts that validate requests, so
 * it cannot drift from what the server accepts. Registered before the routes it describes.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, options: { version: string }) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Carebook API',
        version: options.version,
        description:
          'Clinic appointment booking for signed-in staff. Authenticate with POST /api/auth/login; the session cookie carries every later call. Errors are {error, message, details?}.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'carebook_session' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
    hideUntagged: false,
  });
});

/** The readable reference page at /api/docs and the raw document at /api/openapi.json. */
export async function registerApiDocs(app: FastifyInstance) {
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  );
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    staticCSP: false,
  });
}
