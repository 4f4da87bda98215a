import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { webauthn } from './webauthn';
import type { PasskeyAssertionBody } from '@contracts/passkeys';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import type { Executor } from '../../db/client';
import { badRequest, conflict, unauthorized, type HttpError } from '../../errors';
import { recordAudit, type AuditEntry } from '../audit';
import { finishSignIn, markSecondFactorGiven, startSession, type StartedSession } from '../auth';
import { CHALLENGE_TIMEOUT_MS, keepChallenge, takeSignedChallenge } from './challenges';
import * as repo from './passkeys.repository';
import { transportsOf } from './registration.service';
import { relyingParty } from './relying-party';

// A passkey's signature over a challenge (an assertion): as the second factor after a password,
// as a step-up in a whole session, and alone where every clinic of the user allows it (ADR 049).

export const ASSERTION_EXPIRED = 'This passkey request has expired or was already used. Try again.';
export const ASSERTION_FAILED = 'This passkey could not be verified. Try again or use another way.';
export const COUNTER_WENT_BACK =
  'This passkey’s use counter went backwards, a sign it may have been copied. Use another way to confirm, and remove this passkey in Settings.';
export const PASSKEY_SIGN_IN_REFUSED =
  'This passkey cannot sign you in here. Sign in with your email and password.';
export const NOT_WAITING = 'This session is not waiting for a second factor.';

type Refusal = 'unknown_credential' | 'signature' | 'counter' | 'not_allowed';

/** Why an assertion failed, or what its counter is now. */
async function checkAssertion(
  deps: AppDeps,
  input: {
    response: PasskeyAssertionBody['response'];
    passkey: repo.PasskeyRow;
    challenge: string;
    requireUserVerification: boolean;
  },
): Promise<{ newCounter: number } | { refusal: Refusal }> {
  const rp = relyingParty(deps.config);
  try {
    const { verified, authenticationInfo } = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response: input.response as AuthenticationResponseJSON,
      expectedChallenge: input.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: input.requireUserVerification,
      credential: {
        id: input.passkey.credentialId,
        publicKey: new Uint8Array(input.passkey.publicKey),
        counter: input.passkey.signCount,
        transports: transportsOf(input.passkey),
      },
    });
    return verified ? { newCounter: authenticationInfo.newCounter } : { refusal: 'signature' };
  } catch (error) {
    // SimpleWebAuthn refuses a counter that did not move on (where either is non-zero) by throwing.
    return { refusal: /counter/i.test(String(error)) ? 'counter' : 'signature' };
  }
}

const refusedEntry = (userId: string, details: Record<string, unknown>): AuditEntry => ({
  action: 'factor_refused',
  entityType: 'user',
  entityId: userId,
  patientId: null,
  details: { factor: 'passkey', ...details },
});

/** Counter still where it was checked, and moved on: else the assertion is a replayed or copied one. */
async function recordUseOrRefuse(
  db: Executor,
  passkey: repo.PasskeyRow,
  newCounter: number,
  at: Date,
  refusal: HttpError,
) {
  const recorded = await repo.recordUse(db, {
    id: passkey.id,
    expectedCounter: passkey.signCount,
    newCounter,
    at,
  });
  if (!recorded) throw refusal;
}

/**
 * Options for confirming with one of the user's passkeys: the second factor of a session waiting
 * for it, or a step-up in a whole session. The challenge is bound to this session.
 */
export async function secondFactorOptions(deps: AppDeps, ctx: RequestContext) {
  const { user } = ctx;
  if (user.stage === 'enrol') throw conflict('Set up a second factor first.');
  const passkeys = await repo.passkeysOfUser(deps.db.db, user.id);
  if (passkeys.length === 0) {
    throw conflict('You have no passkey to confirm with. Use your authenticator app.');
  }
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    userVerification: 'preferred',
    timeout: CHALLENGE_TIMEOUT_MS,
  });
  await keepChallenge(deps, deps.db.db, {
    challenge: options.challenge,
    purpose: 'second_factor',
    userId: user.id,
    sessionId: user.sessionId,
  });
  return options;
}

/**
 * Checks an assertion answering this session's second-factor challenge with one of the user's own
 * passkeys; a refusal is audited and thrown. Then `accept` runs in a transaction with the counter
 * recorded.
 */
async function confirmWithPasskey<T>(
  deps: AppDeps,
  ctx: RequestContext,
  body: PasskeyAssertionBody,
  accept: (tx: Executor, passkey: repo.PasskeyRow, now: Date) => Promise<T>,
): Promise<T> {
  const { user } = ctx;
  const actor = { userId: user.id, ip: ctx.ip };
  const taken = await takeSignedChallenge(deps, deps.db.db, {
    clientDataJSON: body.response.response.clientDataJSON,
    purpose: 'second_factor',
    sessionId: user.sessionId,
  });
  if (!taken || taken.userId !== user.id) throw badRequest(ASSERTION_EXPIRED);
  const found = await repo.findPasskeyByCredentialId(deps.db.db, body.response.id);
  const passkey = found?.userId === user.id ? found : undefined;
  const checked = passkey
    ? await checkAssertion(deps, {
        response: body.response,
        passkey,
        challenge: taken.challenge,
        requireUserVerification: false,
      })
    : ({ refusal: 'unknown_credential' } as const);
  const refuse = async (refusal: Refusal) => {
    await recordAudit(
      deps.db.db,
      actor,
      [refusedEntry(user.id, { reason: refusal, passkeyId: passkey?.id ?? null })],
      deps.now(),
    );
    return refusal === 'counter' ? badRequest(COUNTER_WENT_BACK) : badRequest(ASSERTION_FAILED);
  };
  if ('refusal' in checked || !passkey)
    throw await refuse('refusal' in checked ? checked.refusal : 'unknown_credential');

  const now = deps.now();
  const counterRefusal = badRequest(COUNTER_WENT_BACK);
  try {
    return await deps.db.db.transaction(async (tx) => {
      await recordUseOrRefuse(tx, passkey, checked.newCounter, now, counterRefusal);
      const result = await accept(tx, passkey, now);
      await recordAudit(
        tx,
        actor,
        [
          {
            action: 'factor_verify',
            entityType: 'user',
            entityId: user.id,
            patientId: null,
            details: {
              factor: 'passkey',
              passkeyId: passkey.id,
              stepUp: user.stage === 'full',
            },
          },
        ],
        now,
      );
      return result;
    });
  } catch (error) {
    if (error === counterRefusal) throw await refuse('counter');
    throw error;
  }
}

/** The second factor of a session waiting for it: it ends, and a whole one starts. */
export async function giveSecondFactor(
  deps: AppDeps,
  ctx: RequestContext,
  body: PasskeyAssertionBody,
  userAgent: string | null,
): Promise<StartedSession> {
  if (ctx.user.stage !== 'second_factor') throw conflict(NOT_WAITING);
  return confirmWithPasskey(deps, ctx, body, async (tx) => {
    const started = await finishSignIn(deps, tx, {
      sessionId: ctx.user.sessionId,
      ip: ctx.ip,
      userAgent,
    });
    if (!started) throw unauthorized('Your sign-in took too long. Please sign in again.');
    return started;
  });
}

/** A step-up in a whole session: its second factor counts as given now (ADR 046). */
export async function stepUp(deps: AppDeps, ctx: RequestContext, body: PasskeyAssertionBody) {
  return confirmWithPasskey(deps, ctx, body, async (tx, _passkey, now) => {
    await markSecondFactorGiven(tx, ctx.user.sessionId, now);
    return { ok: true as const, secondFactorAt: now.toISOString() };
  });
}

/**
 * Options for signing in with a passkey alone: no credentials listed, so the authenticator offers
 * the discoverable passkeys it holds for this site; user verification required, since the passkey
 * then stands for both factors.
 */
export async function signInOptions(deps: AppDeps) {
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    userVerification: 'required',
    timeout: CHALLENGE_TIMEOUT_MS,
  });
  await keepChallenge(deps, deps.db.db, {
    challenge: options.challenge,
    purpose: 'sign_in',
    userId: null,
    sessionId: null,
  });
  return options;
}

/**
 * Signs in with a passkey alone, where every clinic of its user allows it. Every refusal is the
 * same sentence: whoever holds an answer learns nothing about the account behind it.
 */
export async function signInWithPasskey(
  deps: AppDeps,
  input: {
    body: PasskeyAssertionBody;
    ip: string;
    userAgent: string | null;
    presentedToken: string | undefined;
  },
): Promise<StartedSession & { userId: string }> {
  const { response } = input.body;
  const refused = unauthorized(PASSKEY_SIGN_IN_REFUSED);
  const taken = await takeSignedChallenge(deps, deps.db.db, {
    clientDataJSON: response.response.clientDataJSON,
    purpose: 'sign_in',
    sessionId: null,
  });
  if (!taken) throw refused;
  const passkey = await repo.findPasskeyByCredentialId(deps.db.db, response.id);
  if (!passkey) throw refused;
  const handle = response.response.userHandle;
  const handleMatches =
    handle === undefined || Buffer.from(handle, 'base64url').toString('utf8') === passkey.userId;
  const checked = handleMatches
    ? await checkAssertion(deps, {
        response,
        passkey,
        challenge: taken.challenge,
        requireUserVerification: true,
      })
    : ({ refusal: 'signature' } as const);
  const actor = { userId: passkey.userId, ip: input.ip };
  const refuse = async (reason: Refusal) => {
    await recordAudit(
      deps.db.db,
      actor,
      [refusedEntry(passkey.userId, { reason, passkeyId: passkey.id, signIn: true })],
      deps.now(),
    );
    return refused;
  };
  if ('refusal' in checked) throw await refuse(checked.refusal);
  // Asked only once the signature holds: only the passkey's holder learns the policy's answer.
  if (!(await repo.passwordlessAllowed(deps.db.db, passkey.userId))) {
    throw await refuse('not_allowed');
  }

  const now = deps.now();
  try {
    const started = await deps.db.db.transaction(async (tx) => {
      await recordUseOrRefuse(tx, passkey, checked.newCounter, now, refused);
      const session = await startSession(deps, tx, {
        userId: passkey.userId,
        method: 'passkey',
        stage: 'full',
        ip: input.ip,
        userAgent: input.userAgent,
        replacing: input.presentedToken,
        // A passkey verified with its user's PIN or biometric is two factors in one (ADR 049).
        secondFactorAt: now,
      });
      await recordAudit(
        tx,
        actor,
        [
          {
            action: 'sign_in',
            entityType: 'session',
            entityId: null,
            patientId: null,
            details: { method: 'passkey', passkeyId: passkey.id },
          },
        ],
        now,
      );
      return session;
    });
    return { ...started, userId: passkey.userId };
  } catch (error) {
    if (error === refused) throw await refuse('counter');
    throw error;
  }
}
