import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signInEndpoint, type LoginBody } from '@contracts/auth';
import { callEndpoint } from '@web/lib/endpoint-client';
import { startSession } from '@web/lib/session';

export function signIn(body: LoginBody) {
  return callEndpoint(signInEndpoint, { body, fallback: 'Sign-in failed. Please try again.' });
}

/** Signs in and makes the new user the session the whole app reads. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
