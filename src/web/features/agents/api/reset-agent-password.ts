import { useMutation } from '@tanstack/react-query';
import { resetAgentPasswordEndpoint, type ResetPasswordBody } from '@contracts/admin';
import { callEndpoint } from '@web/lib/endpoint-client';

/** Sets a new password and ends the user's sessions; nothing listed changes, so no refetch. */
export function resetAgentPassword({ id, body }: { id: string; body: ResetPasswordBody }) {
  return callEndpoint(resetAgentPasswordEndpoint, {
    params: { id },
    body,
    fallback: 'Failed to reset password',
  });
}

export function useResetAgentPassword() {
  return useMutation({ mutationFn: resetAgentPassword });
}
