// The zod-free part of each availability contract: enough for the web app to call it without
// loading the schemas. The contract in ../availability.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const availabilityPaths = {
  own: '/api/availability',
  agent: '/api/admin/agents/:id/availability',
  ownOutsideHours: '/api/availability/visits-outside-hours',
  agentOutsideHours: '/api/admin/agents/:id/availability/visits-outside-hours',
  heldTimes: '/api/held-times',
  outsideBusy: '/api/outside-busy',
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

export const checkOwnVisitsOutsideHoursRoute = defineRoute({
  method: 'POST',
  path: availabilityPaths.ownOutsideHours,
  operationId: 'checkOwnVisitsOutsideHours',
});

export const checkAgentVisitsOutsideHoursRoute = defineRoute({
  method: 'POST',
  path: availabilityPaths.agentOutsideHours,
  operationId: 'checkAgentVisitsOutsideHours',
});

export const listHeldTimesRoute = defineRoute({
  method: 'GET',
  path: availabilityPaths.heldTimes,
  operationId: 'listHeldTimes',
});

export const listOutsideBusyRoute = defineRoute({
  method: 'GET',
  path: availabilityPaths.outsideBusy,
  operationId: 'listOutsideBusy',
});
