import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LogOutIcon } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
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
import { signOut } from '@web/features/auth/api/sign-out';
import {
  endSession,
  LOGIN_PATH,
  ROLE_LABELS,
  useSession,
  type SessionUser,
} from '@web/lib/session';
import { readThemePreference, type ThemePreference } from '@web/lib/theme';
import { useSetTheme } from '@web/features/settings/hooks/use-theme-sync';
import { ACCOUNT_BUTTON_CLASS, AccountButtonContent } from './account-button';

function isThemePreference(value: string): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

function AccountSummary({ user }: { user: SessionUser }) {
  return (
    <DropdownMenuLabel className="grid gap-1 font-normal">
      <span className="truncate text-sm font-medium">{user.name}</span>
      <span className="truncate text-xs text-muted-foreground">{user.email}</span>
      <Badge variant="secondary" className="mt-1">
        {ROLE_LABELS[user.role]}
      </Badge>
    </DropdownMenuLabel>
  );
}

export function UserMenu() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [theme, setTheme] = useState(() => user?.theme ?? readThemePreference());
  const saveTheme = useSetTheme();
  const [signingOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    setSigningOut(true);
    let redirectTo: string | undefined;
    try {
      ({ redirectTo } = await signOut());
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to sign out');
      setSigningOut(false);
      return;
    }
    // Patient data must not outlive the session in memory. The guard of this page then sends
    // the user to sign in too, to the same plain address, as endSession records a sign-out.
    endSession(queryClient, { signedOut: true });
    // Signed in through an identity provider: its own sign-out, which sends the browser back.
    if (redirectTo) window.location.assign(redirectTo);
    else void navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className={ACCOUNT_BUTTON_CLASS}>
          <AccountButtonContent user={user} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        {user ? <AccountSummary user={user} /> : <DropdownMenuLabel>My account</DropdownMenuLabel>}
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
          Theme
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => {
            if (!isThemePreference(value)) return;
            setTheme(value);
            // Applied at once; saved to the account so every device follows.
            saveTheme(value).catch((error: unknown) =>
              toast.error(error instanceof Error ? error.message : 'Failed to save the theme'),
            );
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
            void handleSignOut();
          }}
        >
          <LogOutIcon aria-hidden="true" />
          {signingOut ? 'Signing out...' : 'Sign out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
