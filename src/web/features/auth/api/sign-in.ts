import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@contracts/auth';
import { callEndpoint } from '@web/lib/endpoint-client';
import { startSession } from '@web/lib/session';
import { signInRoute } from '@contracts/routes/auth';

export function signIn(body: LoginBody) {
  return callEndpoint(signInRoute, { body, fallback: 'Sign-in failed. Please try again.' });
}

/** Signs in and makes the new user the session the whole app reads. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
