import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPaths, type AdminUser, type CreateAgentBody } from '@contracts/admin';
import { apiFetch } from '@web/lib/api-client';
import { agentsQueryKey } from './list-agents';

export function createAgent(body: CreateAgentBody): Promise<AdminUser> {
  return apiFetch<AdminUser>(adminPaths.agents, {
    method: 'POST',
    body,
    fallback: 'Failed to create staff member',
  });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
  });
}
