import type { SecondFactorMethod, SignInNext } from '@contracts/auth';
import type { SignInStepView, VerifySignInCodeBody } from '@contracts/two-step';
import type { AuthUser, RequestContext, SessionStage } from '../../core/request-context';
import type { Executor } from '../../db/client';
import { conflict, forbidden, unauthorized } from '../../errors';
import { recordAudit } from '../audit';
import type { AuthDeps } from './auth.service';
import { isRememberedBrowser, rememberBrowser } from './remembered-browsers';
import {
  acceptCode,
  assertCodeMayBeTried,
  isAccepted,
  recordCodeAccepted,
  refuseCode,
} from './second-factor-check';
import {
  finishSignIn,
  hasSecondFactor,
  secondFactorRequired,
  secondFactorsOf,
  stageAfterFirstFactor,
  type StartedSession,
} from './sign-in-stage';
import * as repo from './two-step.repository';

// The second step of signing in (ADR 046): after the password, the stage the session starts in,
// and the code that makes a pending session whole.

/** The ways this user can give a second factor now. */
export async function secondFactorMethodsOf(
  db: Executor,
  userId: string,
): Promise<SecondFactorMethod[]> {
  const factors = await secondFactorsOf(db, userId);
  const recoveryLeft = await repo.recoveryCodesLeft(db, userId);
  return [
    ...(factors.totp ? (['totp'] as const) : []),
    ...(recoveryLeft > 0 ? (['recovery'] as const) : []),
    ...(factors.passkeys > 0 ? (['passkey'] as const) : []),
  ];
}

/**
 * The stage a password sign-in starts in: the user's factors, their clinics' policy and whether
 * this browser is one they asked to remember.
 */
export async function stageAfterPassword(
  deps: AuthDeps,
  db: Executor,
  user: { id: string; role: string },
  rememberedToken: string | undefined,
): Promise<{ stage: SessionStage; methods: SecondFactorMethod[] }> {
  const factors = await secondFactorsOf(db, user.id);
  const hasFactor = hasSecondFactor(factors);
  const stage = stageAfterFirstFactor({
    hasFactor,
    required: await secondFactorRequired(db, user),
    rememberedBrowser:
      hasFactor && (await isRememberedBrowser(db, user.id, rememberedToken, deps.now())),
  });
  return {
    stage,
    methods: stage === 'second_factor' ? await secondFactorMethodsOf(db, user.id) : [],
  };
}

/** What the sign-in page says next, from the stage the session is in. */
export const nextOf = (stage: SessionStage): SignInNext | undefined =>
  stage === 'full' ? undefined : stage;

/** A route of the sign-in's steps may answer only sessions in these stages. */
export function requireStage(user: AuthUser, stages: readonly SessionStage[]) {
  if (stages.includes(user.stage)) return;
  if (user.stage === 'second_factor') {
    throw forbidden('Finish signing in first: enter the code from your authenticator app.');
  }
  if (user.stage === 'enrol') {
    throw forbidden('Finish signing in first: set up an authenticator app or a passkey.');
  }
  throw conflict('You are signed in already.');
}

export async function getSignInStep(
  deps: AuthDeps,
  { user }: RequestContext,
): Promise<SignInStepView> {
  return {
    stage: user.stage,
    methods: user.stage === 'second_factor' ? await secondFactorMethodsOf(deps.db.db, user.id) : [],
    email: user.email,
  };
}

/** Audits a session that has just become whole. */
export async function recordSignedIn(
  deps: AuthDeps,
  db: Executor,
  caller: { userId: string; ip: string },
  details: Record<string, unknown>,
) {
  await recordAudit(
    db,
    caller,
    [{ action: 'sign_in', entityType: 'user', entityId: caller.userId, patientId: null, details }],
    deps.now(),
  );
}

/**
 * A pending session's code: accepted, it finishes the sign-in under a new session token (and
 * remembers the browser when asked); refused, it is counted (refuseCode).
 */
export async function verifySignInCode(
  deps: AuthDeps,
  ctx: RequestContext,
  body: Required<VerifySignInCodeBody>,
  userAgent: string | null,
): Promise<{ started: StartedSession; rememberToken: string | null }> {
  const { user, ip } = ctx;
  requireStage(user, ['second_factor']);
  await assertCodeMayBeTried(deps, user.id);
  const caller = { userId: user.id, ip };
  const outcome = await deps.db.db.transaction(async (tx) => {
    const accepted = await acceptCode(deps, tx, user.id, body.code);
    if (!isAccepted(accepted)) return { refused: accepted } as const;
    const started = await finishSignIn(deps, tx, { sessionId: user.sessionId, ip, userAgent });
    // The pending session ended meanwhile: the code stays unused, the user starts again.
    if (!started) throw unauthorized('Your sign-in took too long. Sign in again.');
    await recordCodeAccepted(deps, tx, caller, accepted, 'sign_in');
    await recordSignedIn(deps, tx, caller, { method: user.signInMethod, secondFactor: accepted });
    const rememberToken = body.remember
      ? await rememberBrowser(tx, { userId: user.id, ip, userAgent, now: deps.now() })
      : null;
    return { started, rememberToken };
  });
  if ('refused' in outcome && outcome.refused) {
    return refuseCode(deps, caller, body.code, outcome.refused, { sessionId: user.sessionId });
  }
  return outcome;
}
