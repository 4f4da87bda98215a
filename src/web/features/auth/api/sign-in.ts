import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authPaths, type LoginBody, type SessionResponse } from '@contracts/auth';
import { apiFetch } from '@web/lib/api-client';
import { startSession } from '@web/lib/session';

export function signIn(body: LoginBody): Promise<SessionResponse> {
  return apiFetch<SessionResponse>(authPaths.login, {
    method: 'POST',
    body,
    fallback: 'Sign-in failed. Please try again.',
  });
}

/** Signs in and makes the new user the session the whole app reads. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
