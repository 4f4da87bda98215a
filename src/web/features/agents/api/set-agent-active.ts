import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activateAgentEndpoint, deactivateAgentEndpoint } from '@contracts/admin';
import { callEndpoint } from '@web/lib/endpoint-client';
import { staffQueryKey } from '@web/queries/staff';

/** Deactivation also ends every session of the user on the server. */
export function setAgentActive({ id, active }: { id: string; active: boolean }) {
  return callEndpoint(active ? activateAgentEndpoint : deactivateAgentEndpoint, {
    params: { id },
    fallback: active ? 'Failed to activate staff member' : 'Failed to deactivate staff member',
  });
}

export function useSetAgentActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAgentActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
