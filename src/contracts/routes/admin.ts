// The zod-free part of each admin contract: enough for the web app to call it without
// loading the schemas. The contract in ../admin.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const adminPaths = {
  agents: '/api/admin/agents',
  agent: '/api/admin/agents/:id',
  deactivate: '/api/admin/agents/:id/deactivate',
  activate: '/api/admin/agents/:id/activate',
  password: '/api/admin/agents/:id/password',
  unlock: '/api/admin/agents/:id/unlock',
  audit: '/api/admin/audit',
  auditExport: '/api/admin/audit/export.csv',
} as const;

export const listAgentsRoute = defineRoute({
  method: 'GET',
  path: adminPaths.agents,
  operationId: 'listAgents',
});

export const createAgentRoute = defineRoute({
  method: 'POST',
  path: adminPaths.agents,
  operationId: 'createAgent',
});

export const getAgentRoute = defineRoute({
  method: 'GET',
  path: adminPaths.agent,
  operationId: 'getAgent',
});

export const updateAgentRoute = defineRoute({
  method: 'PUT',
  path: adminPaths.agent,
  operationId: 'updateAgent',
});

export const deactivateAgentRoute = defineRoute({
  method: 'POST',
  path: adminPaths.deactivate,
  operationId: 'deactivateAgent',
});

export const activateAgentRoute = defineRoute({
  method: 'POST',
  path: adminPaths.activate,
  operationId: 'activateAgent',
});

export const resetAgentPasswordRoute = defineRoute({
  method: 'POST',
  path: adminPaths.password,
  operationId: 'resetAgentPassword',
});

export const unlockAgentSignInRoute = defineRoute({
  method: 'POST',
  path: adminPaths.unlock,
  operationId: 'unlockAgentSignIn',
});

export const browseAuditRoute = defineRoute({
  method: 'GET',
  path: adminPaths.audit,
  operationId: 'browseAudit',
});

export const exportAuditRoute = defineRoute({
  method: 'GET',
  path: adminPaths.auditExport,
  operationId: 'exportAudit',
});
