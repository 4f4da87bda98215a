import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@web/lib/api-client';
import { endSession, fetchSessionUser } from '@web/lib/session';
import { sessionKeys } from '@web/queries/query-keys';

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * A 401 from any call means the session may have ended (idle timeout, deactivation, sign-out in
 * another tab). Confirm with the session endpoint; if it is gone, clear everything the client
 * holds, and RequireSession sends the user to sign in with this page as `next`.
 */
export function useEndSessionOnUnauthorized(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let checking = false;
    async function recheck() {
      if (checking || queryClient.getQueryData(sessionKeys.current) === null) return;
      checking = true;
      try {
        const user = await fetchSessionUser();
        if (user) queryClient.setQueryData(sessionKeys.current, user);
        else endSession(queryClient);
      } catch {
        // The server could not answer: keep the session; the next call tries again.
      } finally {
        checking = false;
      }
    }

    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isUnauthorized(event.action.error)) void recheck();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isUnauthorized(event.action.error)) void recheck();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
