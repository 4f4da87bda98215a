import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@contracts/admin';
import { callEndpoint } from '@web/lib/endpoint-client';
import { resetAgentPasswordRoute } from '@contracts/routes/admin';

/** Sets a new password and ends the user's sessions; nothing listed changes, so no refetch. */
export function resetAgentPassword({ id, body }: { id: string; body: ResetPasswordBody }) {
  return callEndpoint(resetAgentPasswordRoute, {
    params: { id },
    body,
    fallback: 'Failed to reset password',
  });
}

export function useResetAgentPassword() {
  return useMutation({ mutationFn: resetAgentPassword });
}
