import { useMutation } from '@tanstack/react-query';
import { authPaths } from '@contracts/auth';
import { apiFetch } from '@web/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** The server ends every other session of the user; this one stays signed in. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordInput) =>
      apiFetch<{ ok: true }>(authPaths.password, {
        method: 'POST',
        body,
        fallback: 'Failed to change your password',
      }),
  });
}
