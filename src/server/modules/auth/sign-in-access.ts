import type { Executor } from '../../db/client';
import type { AuthDeps } from './auth.service';
import * as repo from './auth.repository';
import { isAccountThrottled, throttlePolicyOf } from './sign-in-throttle';

// What staff administration may do about how someone signs in, without knowing how sessions and
// failed sign-ins are kept. Each takes the caller's transaction, to commit with its change.

/** Ends every session of a user, but the one given (an admin resetting their own keeps theirs). */
export function endSessionsOf(tx: Executor, userId: string, now: Date, keepSessionId?: string) {
  return repo.revokeUserSessions(tx, userId, now, keepSessionId);
}

/** Forgets every failed sign-in of the account, from any address: an admin vouches for it. */
export function liftSignInThrottle(tx: Executor, account: { id: string; email: string }) {
  return repo.clearAccountFailures(tx, account);
}

/**
 * The emails (lower case) of the accounts whose sign-in is being slowed now (ADR 010), of those
 * given: one query for a whole staff list.
 */
export async function throttledAccounts(
  deps: AuthDeps,
  db: Executor,
  emails: readonly string[],
): Promise<ReadonlySet<string>> {
  const now = deps.now();
  const since = new Date(now.getTime() - deps.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000);
  const policy = throttlePolicyOf(deps.config);
  const failures = await repo.failurePairsOf(db, emails, since);
  return new Set(
    [...failures]
      .filter(([, pairs]) => isAccountThrottled(pairs, policy, now))
      .map(([email]) => email),
  );
}
