import {
  RESET_LINK_DEAD,
  RESET_REQUESTED,
  type ChoosePasswordBody,
  type ForgotPasswordBody,
} from '@contracts/accounts';
import type { AppDeps } from '../../app-deps';
import { badRequest, gone } from '../../errors';
import { hashPassword } from '../../security/password';
import { passwordRefusal } from '../../security/password-policy';
import { recordAudit } from '../audit';
import { endSessionsOf, forgetAllRememberedBrowsers, liftSignInThrottle } from '../auth';
import { passwordResetRow } from '../notifications';
import { linkTokenHash, newLinkToken } from './link-token';
import * as repo from './password-reset.repository';
import { RESET_WINDOW_MS, resetCounters, withinLimits } from './reset-throttle';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

/**
 * "Forgot password": queues a link to the account's address when it may have one, and answers
 * the same in every case. The statements, the token and its hash are the same whether or not the
 * address has an account (the writes that would be the account's insert nothing), and the e-mail
 * is only queued, so neither the answer nor its time tells a stranger which addresses have
 * accounts. No link for an inactive account, for one that signs in only through its identity
 * provider, or past a limit (reset-throttle.ts).
 */
export async function requestPasswordReset(
  deps: AppDeps,
  { email }: ForgotPasswordBody,
  ip: string,
): Promise<{ message: string }> {
  const now = deps.now();
  const account = await repo.findResetAccount(deps.db.db, email);
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60_000);
  const counters = resetCounters({ ip, email, accountId: account?.id ?? null });
  await deps.db.db.transaction(async (tx) => {
    const hits = await repo.countRequest(tx, counters, now, RESET_WINDOW_MS);
    const withinLimit = withinLimits(counters, hits);
    const refusal = !account
      ? 'no_account'
      : !account.active
        ? 'inactive'
        : account.ssoOnly
          ? 'sso_only'
          : !withinLimit
            ? 'throttled'
            : null;
    const send = refusal === null;
    await repo.writeResetRequest(tx, {
      send,
      known: account !== undefined,
      userId: account?.id ?? repo.NO_ACCOUNT,
      tokenHash: hash,
      ip,
      now,
      expiresAt,
      outbox: passwordResetRow(
        { email: account?.email ?? email, name: account?.name ?? '' },
        { token, expiresAt: expiresAt.toISOString() },
        account?.clinicId ?? null,
      ),
      auditDetails: { sent: send, ...(refusal ? { refusal } : {}) },
    });
  });
  return { message: RESET_REQUESTED };
}

async function liveReset(deps: AppDeps, token: string) {
  const reset = await repo.findLiveReset(deps.db.db, linkTokenHash(token), deps.now());
  // One answer for every link that does not work, whatever the reason: nothing is said about
  // the account.
  if (!reset || !reset.active || reset.ssoOnly) throw gone(RESET_LINK_DEAD);
  return reset;
}

/** Whose password a link would set, while it works. */
export async function checkPasswordReset(deps: AppDeps, token: string) {
  const reset = await liveReset(deps, token);
  return { email: reset.email };
}

/**
 * Sets the password through a link, once: the account's sessions all end (whoever had it is out),
 * its sign-in throttle is lifted (the owner of its mailbox has vouched for it), and it is audited.
 * Nobody is signed in by it: the user signs in with the new password, and a second factor where
 * they have one.
 */
export async function completePasswordReset(
  deps: AppDeps,
  { token, password }: ChoosePasswordBody,
  ip: string,
): Promise<{ email: string }> {
  const reset = await liveReset(deps, token);
  const refusal = passwordRefusal(password, {
    email: reset.email,
    name: reset.name,
    clinicNames: await repo.clinicNamesOf(deps.db.db, reset.userId),
  });
  if (refusal) throw badRequest(refusal);
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    if (!(await repo.useReset(tx, reset, now))) throw gone(RESET_LINK_DEAD);
    await repo.setPassword(tx, reset.userId, passwordHash, now);
    await endSessionsOf(tx, reset.userId, now);
    await liftSignInThrottle(tx, { id: reset.userId, email: reset.email });
    // A browser remembered for the second factor was remembered under the old password.
    await forgetAllRememberedBrowsers(tx, reset.userId, now);
    await recordAudit(
      tx,
      { userId: reset.userId, ip },
      [{ action: 'password_reset', entityType: 'user', entityId: reset.userId, patientId: null }],
      now,
    );
  });
  return { email: reset.email };
}
