import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  authPaths,
  type SessionResponse,
  type SessionUser,
  type UpdateProfileBody,
} from '@contracts/auth';
import { apiFetch } from '@web/lib/api-client';
import { sessionQueryKey } from '@web/lib/session';

export function updateProfile(body: UpdateProfileBody): Promise<SessionUser> {
  return apiFetch<SessionResponse>(authPaths.profile, {
    method: 'PUT',
    body,
    fallback: 'Failed to save your settings',
  }).then((response) => response.user);
}

/**
 * Saves profile settings. The answer replaces the cached session at once, so every screen that
 * reads the user's zone re-renders in it without a reload; the session is then re-checked.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      queryClient.setQueryData(sessionQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
