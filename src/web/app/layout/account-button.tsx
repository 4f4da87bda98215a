import { Button } from '@web/components/ui/button';
import { initialsOf, useSession, type SessionUser } from '@web/lib/session';
import { cn } from '@web/lib/utils';

export const ACCOUNT_BUTTON_CLASS = 'h-9 gap-2 rounded-full px-1 sm:pr-3';

function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
    >
      {initialsOf(name) || '?'}
    </span>
  );
}

/** What the account menu's button shows: initials, the name from sm up, and its spoken name. */
export function AccountButtonContent({ user }: { user: SessionUser | null | undefined }) {
  return (
    <>
      <Avatar name={user?.name ?? ''} />
      {/* The accessible name starts with the visible text (WCAG 2.5.3, label in name). */}
      {user && (
        <span className="sr-only max-w-40 truncate text-sm font-medium sm:not-sr-only">
          {user.name}
        </span>
      )}
      <span className="sr-only">{user ? ', account menu' : 'Account menu'}</span>
    </>
  );
}

/**
 * The account button as it looks before its menu has loaded (app-header.tsx). It takes no input
 * meanwhile, so a click cannot be lost to a button about to be replaced.
 */
export function AccountButtonStandIn() {
  const { user } = useSession();
  return (
    <Button variant="ghost" disabled className={cn(ACCOUNT_BUTTON_CLASS, 'disabled:opacity-100')}>
      <AccountButtonContent user={user} />
    </Button>
  );
}
