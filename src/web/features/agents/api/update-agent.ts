import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, UpdateAgentBody } from '@contracts/admin';
import { apiFetch } from '@web/lib/api-client';
import { agentPath } from './agent-path';
import { agentsQueryKey } from './list-agents';

export function updateAgent({ id, body }: { id: string; body: UpdateAgentBody }) {
  return apiFetch<AdminUser>(agentPath('agent', id), {
    method: 'PUT',
    body,
    fallback: 'Failed to save changes',
  });
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
  });
}
