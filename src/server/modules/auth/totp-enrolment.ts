import QRCode from 'qrcode';
import type {
  RecoveryCodesView,
  RemoveTotpBody,
  TotpEnrolment,
  TwoStepStatus,
} from '@contracts/two-step';
import type { RequestContext } from '../../core/request-context';
import type { Executor } from '../../db/client';
import { badRequest, conflict, unprocessable } from '../../errors';
import { sealSecret, unsealSecret } from '../../security/sealed-secret';
import type { AuthDeps } from './auth.service';
import { recordFactorChange } from './factor-mail';
import { checkPasswordAttempt } from './password-attempts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { forgetAllRememberedBrowsers } from './remembered-browsers';
import {
  acceptCode,
  assertCodeMayBeTried,
  isAccepted,
  recordCodeAccepted,
  refuseCode,
} from './second-factor-check';
import {
  finishSignIn,
  secondFactorRequired,
  secondFactorsOf,
  type StartedSession,
} from './sign-in-stage';
import { matchingTotpStep, newTotpSecret, totpUri } from './totp';
import { recordSignedIn, requireStage } from './two-step-sign-in';
import * as authRepo from './auth.repository';
import * as repo from './two-step.repository';

// Setting up, confirming and removing the authenticator app, and its recovery codes (ADR 046).

export const ALREADY_SET_UP =
  'An authenticator app is set up already. Remove it first to set up another.';
export const NOTHING_TO_CONFIRM = 'Start setting up the authenticator app first.';
export const LAST_REQUIRED_FACTOR =
  'Your clinic requires a second factor to sign in, and this is your only one. Add a passkey first, or ask an admin of your clinic to change the policy.';

export async function twoStepStatus(
  deps: AuthDeps,
  { user }: RequestContext,
): Promise<TwoStepStatus> {
  const db = deps.db.db;
  const totp = await repo.findTotp(db, user.id);
  const factors = await secondFactorsOf(db, user.id);
  return {
    totp: Boolean(totp?.confirmedAt),
    totpSince: totp?.confirmedAt?.toISOString() ?? null,
    recoveryCodesLeft: await repo.recoveryCodesLeft(db, user.id),
    passkeys: factors.passkeys,
    required: await secondFactorRequired(db, user),
  };
}

/** A new key for the app, unconfirmed until a first code from it (confirmTotp). */
export async function startTotpEnrolment(
  deps: AuthDeps,
  { user }: RequestContext,
): Promise<TotpEnrolment> {
  requireStage(user, ['full', 'enrol']);
  const secret = newTotpSecret();
  const stored = await repo.putUnconfirmedTotp(deps.db.db, {
    userId: user.id,
    secret: sealSecret(secret, deps.config.ACCOUNT_SECRETS_KEY),
    at: deps.now(),
  });
  if (!stored) throw conflict(ALREADY_SET_UP);
  const uri = totpUri(secret, user.email);
  const qrCode = await QRCode.toDataURL(uri, { type: 'image/png', margin: 1, width: 220 });
  return { secret, uri, qrCode };
}

async function storeNewRecoveryCodes(db: Executor, userId: string, now: Date) {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(db, userId, codes.map(recoveryCodeHash), now);
  return codes;
}

/**
 * The first code from the app confirms it; ten recovery codes are made. In a sign-in that had to
 * set up a second factor, the session becomes whole here, under a new token.
 */
export async function confirmTotp(
  deps: AuthDeps,
  ctx: RequestContext,
  code: string,
  userAgent: string | null,
): Promise<{ view: RecoveryCodesView; started: StartedSession | null }> {
  const { user, ip } = ctx;
  requireStage(user, ['full', 'enrol']);
  await assertCodeMayBeTried(deps, user.id);
  const caller = { userId: user.id, ip };
  const now = deps.now();
  const outcome = await deps.db.db.transaction(async (tx) => {
    const totp = await repo.findTotp(tx, user.id);
    if (!totp) throw conflict(NOTHING_TO_CONFIRM);
    if (totp.confirmedAt) throw conflict(ALREADY_SET_UP);
    const secret = unsealSecret(totp.secret, deps.config.ACCOUNT_SECRETS_KEY);
    const step = matchingTotpStep(secret, code, now);
    if (step === null) return { refused: 'wrong' } as const;
    if (!(await repo.useTotpStep(tx, user.id, step, now))) return { refused: 'replay' } as const;
    const recoveryCodes = await storeNewRecoveryCodes(tx, user.id, now);
    await recordFactorChange(
      tx,
      caller,
      user,
      {
        action: 'factor_add',
        details: { method: 'totp' },
        mail: { change: 'added', factor: 'totp' },
      },
      now,
    );
    let started: StartedSession | null = null;
    if (user.stage === 'enrol') {
      started = await finishSignIn(deps, tx, { sessionId: user.sessionId, ip, userAgent });
      if (!started) throw badRequest('Your sign-in took too long. Sign in again.');
      await recordSignedIn(deps, tx, caller, {
        method: user.signInMethod,
        secondFactor: 'totp',
        enrolled: true,
      });
    }
    return { recoveryCodes, started };
  });
  if ('refused' in outcome && outcome.refused) {
    return refuseCode(deps, caller, code, outcome.refused);
  }
  return { view: { recoveryCodes: outcome.recoveryCodes }, started: outcome.started };
}

/** Ten new recovery codes in place of every earlier one (the caller has stepped up). */
export async function regenerateRecoveryCodes(
  deps: AuthDeps,
  { user, ip }: RequestContext,
): Promise<RecoveryCodesView> {
  const now = deps.now();
  return deps.db.db.transaction(async (tx) => {
    const totp = await repo.findTotp(tx, user.id);
    if (!totp?.confirmedAt) throw conflict('Set up an authenticator app first.');
    const recoveryCodes = await storeNewRecoveryCodes(tx, user.id, now);
    await recordFactorChange(
      tx,
      { userId: user.id, ip },
      user,
      {
        action: 'factor_add',
        details: { method: 'recovery', regenerated: true },
        mail: { change: 'regenerated', factor: 'recovery_codes' },
      },
      now,
    );
    return { recoveryCodes };
  });
}

/**
 * Removes the app, on a current code from it or the account's password; refused where a clinic
 * requires a second factor and it is the user's last. Remembered browsers are forgotten: they
 * stood for a factor that is gone.
 */
export async function removeTotp(
  deps: AuthDeps,
  { user, ip }: RequestContext,
  body: RemoveTotpBody,
  device?: string,
) {
  const db = deps.db.db;
  const totp = await repo.findTotp(db, user.id);
  if (!totp?.confirmedAt) throw conflict('No authenticator app is set up.');
  const factors = await secondFactorsOf(db, user.id);
  if (factors.passkeys === 0 && (await secondFactorRequired(db, user))) {
    throw unprocessable(LAST_REQUIRED_FACTOR);
  }
  const caller = { userId: user.id, ip };
  const now = deps.now();
  const remove = async (tx: Executor) => {
    await repo.deleteTotp(tx, user.id);
    // Recovery codes stand in for the app; a user with passkeys keeps them for those.
    if (factors.passkeys === 0) await repo.replaceRecoveryCodes(tx, user.id, [], now);
    await forgetAllRememberedBrowsers(tx, user.id, now);
    await recordFactorChange(
      tx,
      caller,
      user,
      {
        action: 'factor_remove',
        details: { method: 'totp' },
        mail: { change: 'removed', factor: 'totp' },
      },
      now,
    );
  };
  if (body.code !== undefined) {
    const code = body.code;
    await assertCodeMayBeTried(deps, user.id);
    const refused = await db.transaction(async (tx) => {
      const accepted = await acceptCode(deps, tx, user.id, code);
      if (!isAccepted(accepted)) return accepted;
      await recordCodeAccepted(deps, tx, caller, accepted, 'remove');
      await remove(tx);
      return null;
    });
    if (refused) await refuseCode(deps, caller, code, refused);
    return;
  }
  const row = await authRepo.findUserById(db, user.id);
  const attempt = await checkPasswordAttempt(
    deps,
    { email: user.email.toLowerCase(), ip, account: row, password: body.password ?? '', device },
    (wait) => `Too many wrong passwords. Please wait ${wait} and try again.`,
  );
  if (!attempt.ok) throw badRequest('The password is not correct.');
  await db.transaction(async (tx) => {
    await attempt.forget(tx);
    await remove(tx);
  });
}
