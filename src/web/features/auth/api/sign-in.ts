import type { LoginBody } from '@contracts/auth';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { startSession } from '@web/lib/session';
import { signInRoute } from '@contracts/routes/auth';

export function signIn(body: LoginBody) {
  return callEndpoint(signInRoute, { body, fallback: 'Sign-in failed. Please try again.' });
}

/**
 * Signs in and makes the new user the session the whole app reads, unless a second factor is
 * still owed (`next`, ADR 046): the session starts once it is given.
 */
export function useSignIn() {
  return useWriteThenRefresh(signIn, (queryClient, { user, next }) => {
    if (!next) startSession(queryClient, user);
  });
}
