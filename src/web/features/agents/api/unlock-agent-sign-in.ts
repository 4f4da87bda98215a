import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@web/lib/endpoint-client';
import { staffKeys } from '@web/queries/query-keys';
import { unlockAgentSignInRoute } from '@contracts/routes/admin';

/** Forgets the account's failed sign-ins, so every address may try again at once (ADR 010). */
export function unlockAgentSignIn(id: string) {
  return callEndpoint(unlockAgentSignInRoute, {
    params: { id },
    fallback: 'Failed to unlock sign-in',
  });
}

export function useUnlockAgentSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockAgentSignIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
