import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { readThemePreference, saveThemePreference, type ThemePreference } from '@web/lib/theme';
import { useSession } from '@web/lib/session';
import { updateProfile } from '../api/update-profile';
import { sessionKeys } from '@web/queries/query-keys';

/**
 * Once someone is signed in, their saved theme (users.theme) wins over the browser's cached one;
 * localStorage stays as the cache public/theme-init.js paints from before anything loads.
 * Mount once in the signed-in shell.
 */
export function useThemeSync(): void {
  const { user } = useSession();
  const theme = user?.theme;
  useEffect(() => {
    if (theme && theme !== readThemePreference()) saveThemePreference(theme);
  }, [theme]);
}

/**
 * Applies a theme at once and saves it to the server, for any control that offers the choice
 * (the settings page, the user menu). Rejects with the server's message if saving fails; the
 * theme stays applied on this page either way.
 */
export function useSetTheme() {
  const queryClient = useQueryClient();
  return useCallback(
    async (theme: ThemePreference) => {
      saveThemePreference(theme);
      const user = await updateProfile({ theme });
      queryClient.setQueryData(sessionKeys.current, user);
    },
    [queryClient],
  );
}
