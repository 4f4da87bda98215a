import { callEndpoint } from '@web/lib/endpoint-client';
import { useWriteThenRefresh } from '@web/lib/endpoint-queries';
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
  return useWriteThenRefresh(unlockAgentSignIn, [staffKeys.all]);
}
