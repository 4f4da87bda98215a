import { Navigate, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { loginPathFor } from '@web/features/auth/utils/next-path';
import { LOGIN_PATH, useSession, wasSignedOut } from '@web/lib/session';
import { PageLoading } from '../page-loading';
import { useEndSessionOnUnauthorized } from './use-end-session-on-unauthorized';

function SessionCheckFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <main id="main-content" className="flex min-h-svh items-center justify-center p-4">
      <div role="alert" className="flex max-w-md flex-col items-center gap-3 text-center">
        <h1 className="text-xl font-semibold tracking-tight">We could not check your sign-in</h1>
        <p className="text-sm text-muted-foreground">{message}</p>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </main>
  );
}

/**
 * Every staff page sits behind this: anonymous visitors go to sign-in with the page they asked
 * for as `next`, so they come back to it afterwards.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  useEndSessionOnUnauthorized();

  switch (session.status) {
    case 'pending':
      return <PageLoading />;
    case 'error':
      return (
        <SessionCheckFailed
          message={session.error?.message ?? 'Please try again.'}
          onRetry={session.refetch}
        />
      );
    case 'anonymous':
      // After a sign-out the next person at this computer should not be led back to this page.
      return (
        <Navigate to={wasSignedOut(queryClient) ? LOGIN_PATH : loginPathFor(location)} replace />
      );
    case 'signed-in':
      return <Outlet />;
  }
}
