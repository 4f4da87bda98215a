// The zod-free part of each integrations contract: enough for the web app to call it without
// loading the schemas. The contract in ../integrations.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const integrationPaths = {
  tokens: '/api/admin/api-tokens',
  token: '/api/admin/api-tokens/:id',
} as const;

export const createApiTokenRoute = defineRoute({
  method: 'POST',
  path: integrationPaths.tokens,
  operationId: 'createApiToken',
});

export const listApiTokensRoute = defineRoute({
  method: 'GET',
  path: integrationPaths.tokens,
  operationId: 'listApiTokens',
});

export const revokeApiTokenRoute = defineRoute({
  method: 'DELETE',
  path: integrationPaths.token,
  operationId: 'revokeApiToken',
});

export const smartClientPaths = {
  clients: '/api/admin/smart-clients',
  client: '/api/admin/smart-clients/:id',
} as const;

export const createSmartClientRoute = defineRoute({
  method: 'POST',
  path: smartClientPaths.clients,
  operationId: 'createSmartClient',
});

export const listSmartClientsRoute = defineRoute({
  method: 'GET',
  path: smartClientPaths.clients,
  operationId: 'listSmartClients',
});

export const revokeSmartClientRoute = defineRoute({
  method: 'DELETE',
  path: smartClientPaths.client,
  operationId: 'revokeSmartClient',
});
