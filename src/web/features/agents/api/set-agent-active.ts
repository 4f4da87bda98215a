import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@web/lib/endpoint-client';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAgentActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
