// The zod-free part of each system contract: enough for the web app to call it without
// loading the schemas. The contract in ../system.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const systemPaths = {
  health: '/api/health',
  clientConfig: '/api/client-config',
} as const;

export const healthRoute = defineRoute({
  method: 'GET',
  path: systemPaths.health,
  operationId: 'getHealth',
});

export const clientConfigRoute = defineRoute({
  method: 'GET',
  path: systemPaths.clientConfig,
  operationId: 'getClientConfig',
});

export const openApiRoute = defineRoute({
  method: 'GET',
  path: '/api/openapi.json',
  operationId: 'getOpenApiDocument',
});
