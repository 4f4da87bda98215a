import type { Executor } from '../../db/client';
import { badRequest, tooManyRequests, unauthorized } from '../../errors';
import { clientAddressKey } from '../../security/client-address';
import { unsealSecret } from '../../security/sealed-secret';
import { recordAudit } from '../audit';
import type { AuthDeps } from './auth.service';
import { isAppCode, recoveryCodeHash } from './recovery-codes';
import { delayAfterFailures, describeWait } from './sign-in-throttle';
import { matchingTotpStep } from './totp';
import * as repo from './two-step.repository';

// Checking a second factor's code (ADR 046), for finishing a sign-in and for a step-up alike:
// both are guesses at the same six digits, counted together.

/** Wrong codes one pending sign-in may give before it ends and the password is asked again. */
export const WRONG_CODES_PER_SIGN_IN = 5;
/**
 * Wrong codes of one account, from any session, before each further code waits: 2 s, doubling,
 * up to LOGIN_MAX_DELAY_SECONDS, as failed passwords do (ADR 010).
 */
export const WRONG_CODES_BEFORE_DELAY = 10;

export const WRONG_CODE =
  'That code is not right. Check the code in your authenticator app and try again.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was used already.';
export const REPLAYED_CODE =
  'That code was used already. Wait for the next code in your authenticator app.';
export const SIGN_IN_AGAIN = 'Too many wrong codes. Sign in again with your email and password.';
export const CODES_THROTTLED = (wait: string) =>
  `Too many wrong codes. Please wait ${wait} and try again.`;

export type AcceptedFactor = 'totp' | 'recovery';
type Refusal = 'wrong' | 'replay';

export interface CodeCaller {
  userId: string;
  ip: string;
}

/** Throws 429 while the account must wait before its next code is checked. */
export async function assertCodeMayBeTried(deps: AuthDeps, userId: string) {
  const now = deps.now();
  const since = new Date(now.getTime() - deps.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000);
  const failures = await repo.codeFailuresSince(deps.db.db, userId, since);
  if (!failures.last) return;
  const delay = delayAfterFailures(
    failures.count,
    WRONG_CODES_BEFORE_DELAY,
    deps.config.LOGIN_MAX_DELAY_SECONDS,
  );
  const waitMs = failures.last.getTime() + delay * 1000 - now.getTime();
  if (waitMs > 0) {
    const wait = Math.ceil(waitMs / 1000);
    throw tooManyRequests(CODES_THROTTLED(describeWait(wait)), wait);
  }
}

/**
 * Takes a code as the user's second factor, in the caller's transaction: an authenticator app's
 * code whose step is later than the last one used, or an unused recovery code, which is used up.
 */
export async function acceptCode(
  deps: AuthDeps,
  tx: Executor,
  userId: string,
  code: string,
): Promise<AcceptedFactor | Refusal> {
  const now = deps.now();
  if (!isAppCode(code)) {
    return (await repo.useRecoveryCode(tx, userId, recoveryCodeHash(code), now))
      ? 'recovery'
      : 'wrong';
  }
  const totp = await repo.findTotp(tx, userId);
  if (!totp?.confirmedAt) return 'wrong';
  const step = matchingTotpStep(
    unsealSecret(totp.secret, deps.config.ACCOUNT_SECRETS_KEY),
    code,
    now,
  );
  if (step === null) return 'wrong';
  return (await repo.useTotpStep(tx, userId, step)) ? 'totp' : 'replay';
}

export const isAccepted = (result: AcceptedFactor | Refusal): result is AcceptedFactor =>
  result === 'totp' || result === 'recovery';

/** After a code is accepted: the account's wrong codes are forgotten, and the audit says so. */
export async function recordCodeAccepted(
  deps: AuthDeps,
  tx: Executor,
  caller: CodeCaller,
  method: AcceptedFactor,
  purpose: 'sign_in' | 'step_up' | 'remove',
) {
  await repo.clearCodeFailures(tx, caller.userId);
  await recordAudit(
    tx,
    { userId: caller.userId, ip: caller.ip },
    [
      {
        action: 'factor_verify',
        entityType: 'user',
        entityId: caller.userId,
        patientId: null,
        details: { method, purpose },
      },
    ],
    deps.now(),
  );
}

/**
 * A refused code: counted (on every instance), audited, and answered. For a sign-in, the fifth
 * wrong code ends the pending session: the next try starts with the password again.
 */
export async function refuseCode(
  deps: AuthDeps,
  caller: CodeCaller,
  code: string,
  refusal: Refusal,
  pending?: { sessionId: string },
): Promise<never> {
  const now = deps.now();
  const endedSignIn = await deps.db.db.transaction(async (tx) => {
    await repo.recordCodeFailure(tx, {
      userId: caller.userId,
      ip: caller.ip,
      clientKey: clientAddressKey(caller.ip),
      at: now,
    });
    await recordAudit(
      tx,
      { userId: caller.userId, ip: caller.ip },
      [
        {
          action: 'factor_refused',
          entityType: 'user',
          entityId: caller.userId,
          patientId: null,
          details: { method: isAppCode(code) ? 'totp' : 'recovery', reason: refusal },
        },
      ],
      now,
    );
    if (!pending) return false;
    const session = await repo.findSession(tx, pending.sessionId);
    if (!session) return false;
    const { count } = await repo.codeFailuresSince(tx, caller.userId, session.createdAt);
    if (count < WRONG_CODES_PER_SIGN_IN) return false;
    await repo.endSession(tx, pending.sessionId, now);
    return true;
  });
  if (endedSignIn) throw unauthorized(SIGN_IN_AGAIN);
  if (refusal === 'replay') throw badRequest(REPLAYED_CODE);
  throw badRequest(isAppCode(code) ? WRONG_CODE : WRONG_RECOVERY_CODE);
}
