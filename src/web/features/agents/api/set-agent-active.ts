import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@contracts/admin';
import { apiFetch } from '@web/lib/api-client';
import { agentPath } from './agent-path';
import { agentsQueryKey } from './list-agents';

/** Deactivation also ends every session of the user on the server. */
export function setAgentActive({ id, active }: { id: string; active: boolean }) {
  return apiFetch<AdminUser>(agentPath(active ? 'activate' : 'deactivate', id), {
    method: 'POST',
    fallback: active ? 'Failed to activate staff member' : 'Failed to deactivate staff member',
  });
}

export function useSetAgentActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAgentActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
  });
}
