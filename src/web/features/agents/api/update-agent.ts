import type { UpdateAgentBody } from '@contracts/admin';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { staffKeys } from '@web/queries/query-keys';
import { updateAgentRoute } from '@contracts/routes/admin';

export function updateAgent({ id, body }: { id: string; body: UpdateAgentBody }) {
  return callEndpoint(updateAgentRoute, {
    params: { id },
    body,
    fallback: 'Failed to save changes',
  });
}

export function useUpdateAgent() {
  return useWriteThenRefresh(updateAgent, [staffKeys.all]);
}
