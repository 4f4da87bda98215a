import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser, UpdateProfileBody } from '@contracts/auth';
import { callEndpoint } from '@web/lib/endpoint-client';
import { sessionKeys } from '@web/queries/query-keys';
import { updateProfileRoute } from '@contracts/routes/auth';

export async function updateProfile(body: UpdateProfileBody): Promise<SessionUser> {
  const { user } = await callEndpoint(updateProfileRoute, {
    body,
    fallback: 'Failed to save your settings',
  });
  return user;
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
      queryClient.setQueryData(sessionKeys.current, user);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.current });
    },
  });
}
