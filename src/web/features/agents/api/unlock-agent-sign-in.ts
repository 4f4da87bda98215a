import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@contracts/admin';
import { apiFetch } from '@web/lib/api-client';
import { agentPath } from './agent-path';
import { agentsQueryKey } from './list-agents';

/** Forgets the account's failed sign-ins, so every address may try again at once (ADR 010). */
export function unlockAgentSignIn(id: string) {
  return apiFetch<AdminUser>(agentPath('unlock', id), {
    method: 'POST',
    fallback: 'Failed to unlock sign-in',
  });
}

export function useUnlockAgentSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockAgentSignIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
  });
}
