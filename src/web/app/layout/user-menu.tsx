import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CircleUserRoundIcon, LogOutIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { apiFetch, isApiError } from '@web/lib/api-client';
import { readThemePreference, saveThemePreference, type ThemePreference } from '@web/lib/theme';

function isThemePreference(value: string): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

// The signed-in user's name and role arrive with the auth issue; until then the menu is generic.
export function UserMenu() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [theme, setTheme] = useState(readThemePreference);
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await apiFetch('/api/auth/logout', { method: 'POST', fallback: 'Failed to sign out' });
    } catch (error) {
      // 401 means the session was already gone: that is signed out. Anything else leaves the
      // session alive, and on a shared clinic computer the user must know that.
      if (!(isApiError(error) && error.status === 401)) {
        toast.error(error instanceof Error ? error.message : 'Failed to sign out');
        setSigningOut(false);
        return;
      }
    }
    // Patient data must not outlive the session in memory.
    queryClient.clear();
    void navigate('/auth/login', { replace: true });
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
          <CircleUserRoundIcon className="size-5" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>My account</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
          Theme
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => {
            if (!isThemePreference(value)) return;
            setTheme(value);
            saveThemePreference(value);
          }}
        >
          <DropdownMenuRadioItem value="light">Light</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="dark">Dark</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="system">System</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={signingOut}
          onSelect={(event) => {
            // Keep the menu open while the request runs so a failure has somewhere to show.
            event.preventDefault();
            void signOut();
          }}
        >
          <LogOutIcon aria-hidden="true" />
          {signingOut ? 'Signing out...' : 'Sign out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
