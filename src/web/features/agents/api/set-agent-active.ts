import { callEndpoint } from '@web/lib/endpoint-client';
import { useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { staffKeys } from '@web/queries/query-keys';
import { activateAgentRoute, deactivateAgentRoute } from '@contracts/routes/admin';

/** Deactivation also ends every session of the user on the server. */
export function setAgentActive({ id, active }: { id: string; active: boolean }) {
  return callEndpoint(active ? activateAgentRoute : deactivateAgentRoute, {
    params: { id },
    fallback: active ? 'Failed to activate staff member' : 'Failed to deactivate staff member',
  });
}

export function useSetAgentActive() {
  return useWriteThenRefresh(setAgentActive, [staffKeys.all]);
}
