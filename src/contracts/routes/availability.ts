// The zod-free part of each availability contract: enough for the web app to call it without
// loading the schemas. The contract in ../availability.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const availabilityPaths = {
  own: '/api/availability',
  agent: '/api/admin/agents/:id/availability',
} as const;

export const getOwnAvailabilityRoute = defineRoute({
  method: 'GET',
  path: availabilityPaths.own,
  operationId: 'getOwnAvailability',
});

export const saveOwnAvailabilityRoute = defineRoute({
  method: 'PUT',
  path: availabilityPaths.own,
  operationId: 'saveOwnAvailability',
});

export const getAgentAvailabilityRoute = defineRoute({
  method: 'GET',
  path: availabilityPaths.agent,
  operationId: 'getAgentAvailability',
});

export const saveAgentAvailabilityRoute = defineRoute({
  method: 'PUT',
  path: availabilityPaths.agent,
  operationId: 'saveAgentAvailability',
});
