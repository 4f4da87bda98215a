import type { CreateAgentBody } from '@contracts/admin';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { staffKeys } from '@web/queries/query-keys';
import { createAgentRoute } from '@contracts/routes/admin';

export function createAgent(body: CreateAgentBody) {
  return callEndpoint(createAgentRoute, { body, fallback: 'Failed to create staff member' });
}

export function useCreateAgent() {
  return useWriteThenRefresh(createAgent, [staffKeys.all]);
}
