import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { tooManyRequests } from '../../errors';
import { hashPassword, verifyPassword } from '../../security/password';
import { clientAddressKey } from '../../security/client-address';
import { deviceHashOf, KNOWN_SOURCE_DAYS } from './device-cookie';
import { describeWait, retryAfterSeconds, throttlePolicyOf } from './sign-in-throttle';
import * as repo from './auth.repository';

let dummyHash: Promise<string> | undefined;
/** Verifying against a throwaway hash when the account is unknown keeps response times alike. */
function burnTime(password: string) {
  dummyHash ??= hashPassword('carebook-timing-equaliser');
  return dummyHash.then((h) => verifyPassword(h, password));
}

export interface PasswordAttempt {
  /** The email as typed (lower-cased): failures are kept per email, known account or not. */
  email: string;
  ip: string;
  account: { id: string; passwordHash: string | null; active: boolean } | undefined;
  password: string;
  /** The browser's device cookie, if it brought one (device-cookie.ts). */
  device?: string | undefined;
}

/**
 * Checks a password under the sign-in throttle (ADR 010), for sign-in and for the current password
 * of a change alike: both are guesses at the same secret. Throws a 429 with Retry-After while this
 * account-and-address pair must wait, without checking the password; the refused attempt still
 * counts. Returns whether the password is right; a right one has forgotten its pair's failures
 * once `forget` (run it in the caller's transaction) has run.
 */
export async function checkPasswordAttempt(
  deps: { db: { db: Executor }; config: Config; now: () => Date },
  attempt: PasswordAttempt,
  refusal: (wait: string) => string,
): Promise<{ ok: boolean; forget: (tx: Executor) => Promise<void> }> {
  const { db } = deps.db;
  const now = deps.now();
  // Every count goes by the address's key, an IPv6 address by its /64, as familiarity does: a
  // guesser with a /64 must not be a new address at each guess (ADR 010).
  const clientKey = clientAddressKey(attempt.ip);
  const attemptId = await repo.recordPasswordAttempt(db, {
    email: attempt.email,
    ip: attempt.ip,
    clientKey,
    userId: attempt.account?.id ?? null,
    at: now,
  });
  const policy = throttlePolicyOf(deps.config);
  const counts = await repo.attemptHistory(db, {
    email: attempt.email,
    clientKey,
    since: new Date(now.getTime() - deps.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000),
    exceptId: attemptId,
    perAddressShare: policy.failuresBeforeDelay,
  });
  // Where the account signed in before matters only past its cap: one more read, then.
  const familiar =
    counts.accountFailures >= policy.accountFailureCap && attempt.account !== undefined
      ? await repo.isFamiliarSource(db, {
          userId: attempt.account.id,
          address: clientKey,
          device: attempt.device === undefined ? null : deviceHashOf(attempt.device),
          since: new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000),
        })
      : false;
  const history = { ...counts, familiar };
  if (retryAfterSeconds(history, policy, now) > 0) {
    // This refused attempt counts too, so the honest wait is the one that follows it.
    const wait = retryAfterSeconds(
      {
        ...history,
        pairFailures: history.pairFailures + 1,
        pairLastFailureAt: now,
        accountFailures:
          history.accountFailures + (history.pairFailures < policy.failuresBeforeDelay ? 1 : 0),
        accountLastFailureAt: now,
      },
      policy,
      now,
    );
    throw tooManyRequests(refusal(describeWait(wait)), wait);
  }

  const { account } = attempt;
  const ok =
    account?.active && account.passwordHash
      ? await verifyPassword(account.passwordHash, attempt.password)
      : await burnTime(attempt.password).then(() => false);
  return { ok, forget: (tx) => repo.clearPairFailures(tx, attempt.email, clientKey) };
}
