import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@contracts/auth';
import type { Role } from '@domain/roles';
import { isApiError } from './api-client';
import { callEndpoint } from './endpoint-client';
import { getSessionRoute } from '@contracts/routes/auth';
import { sessionKeys } from '@web/queries/query-keys';

export type { SessionUser };

/** Where a signed-in user lands when nothing better was asked for. */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';
export const LOGIN_PATH = '/auth/login';
export const UNAUTHORIZED_PATH = '/auth/unauthorized';

/** The signed-in user, or null when nobody is: a 401 is an answer here, not a failure. */
export async function fetchSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const body = await callEndpoint(getSessionRoute, {
      signal,
      fallback: 'Could not check your sign-in',
    });
    return body.user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.current,
  queryFn: ({ signal }) => fetchSessionUser(signal),
  // A minute keeps navigation free of extra round trips; refocusing the tab after that re-checks,
  // so a session ended elsewhere (sign-out, deactivation, idle timeout) is noticed.
  staleTime: 60_000,
  gcTime: Infinity,
});

export type SessionStatus = 'pending' | 'error' | 'anonymous' | 'signed-in';

export interface SessionState {
  status: SessionStatus;
  /** The signed-in user; null while pending, on error and when nobody is signed in. */
  user: SessionUser | null;
  error: Error | null;
  /**
   * Spec §6: appointment lists and counts run only for a signed-in user with an email. Pass this
   * as a query's `enabled`.
   */
  canQuery: boolean;
  refetch: () => void;
}

export function useSession(): SessionState {
  const query = useQuery(sessionQueryOptions);
  const user = query.data ?? null;
  let status: SessionStatus;
  if (query.isPending) status = 'pending';
  else if (user) status = 'signed-in';
  // A failed re-check keeps showing the last known answer rather than throwing the user out.
  else if (query.isError) status = 'error';
  else status = 'anonymous';
  return {
    status,
    user,
    error: query.error,
    canQuery: Boolean(user?.email),
    refetch: () => void query.refetch(),
  };
}

/** The role check the router and the navigation share, so the two never disagree. */
export function hasRole(user: Pick<SessionUser, 'role'> | null, roles: readonly Role[]): boolean {
  return user !== null && roles.includes(user.role);
}

/**
 * Drops every cached query and mutation except the session itself. The session query is updated
 * in place rather than removed, so mounted guards see the change at once (an observer of a
 * removed query would keep showing the old user).
 */
function replaceSession(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData(sessionKeys.current, user);
  queryClient.removeQueries({
    predicate: (query) =>
      !(
        query.queryKey[0] === sessionKeys.current[0] && query.queryKey[1] === sessionKeys.current[1]
      ),
  });
  queryClient.getMutationCache().clear();
}

/** After sign-in: the user's data replaces whatever an earlier user left in the cache. */
export function startSession(queryClient: QueryClient, user: SessionUser): void {
  replaceSession(queryClient, user);
}

/**
 * After sign-out or an expired session: no patient data may outlive the session in memory.
 * `signedOut` marks a deliberate sign-out, after which the sign-in page should not offer to
 * return to the page the user left (on a shared computer, the next person is someone else).
 */
export function endSession(queryClient: QueryClient, opts: { signedOut?: boolean } = {}): void {
  replaceSession(queryClient, null);
  if (opts.signedOut) queryClient.setQueryData(sessionKeys.signedOut, true);
}

/** Whether the session ended by signing out (see endSession); cleared by the next sign-in. */
export function wasSignedOut(queryClient: QueryClient): boolean {
  return queryClient.getQueryData(sessionKeys.signedOut) === true;
}

/** How each role reads on screen: menus, badges and selects use the same words. */
export const ROLE_LABELS = {
  admin: 'Admin',
  provider: 'Provider',
  nurse: 'Nurse',
  staff: 'Staff',
} as const satisfies Record<Role, string>;

const HONORIFIC = /^(dr|mr|mrs|ms|mx|prof)\.?$/i;

/**
 * "Alex Morgan" → "AM": a stand-in avatar that needs no image. Titles and credentials
 * ("Dr. Priya Raman", "Nora Kelly, RN") are not initials, so they are left out.
 */
export function initialsOf(name: string): string {
  const words = (name.split(',')[0] ?? '')
    .replace(/[^\p{L}\p{N}\s.'-]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word && !HONORIFIC.test(word));
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
    .slice(0, 2);
}
