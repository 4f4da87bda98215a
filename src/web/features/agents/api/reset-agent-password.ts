import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@contracts/admin';
import { apiFetch } from '@web/lib/api-client';
import { agentPath } from './agent-path';

/** Sets a new password and ends the user's sessions; nothing listed changes, so no refetch. */
export function resetAgentPassword({ id, body }: { id: string; body: ResetPasswordBody }) {
  return apiFetch(agentPath('password', id), {
    method: 'POST',
    body,
    fallback: 'Failed to reset password',
  });
}

export function useResetAgentPassword() {
  return useMutation({ mutationFn: resetAgentPassword });
}
