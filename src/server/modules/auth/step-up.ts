import { HttpError } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import type { AuthDeps } from './auth.service';
import {
  acceptCode,
  assertCodeMayBeTried,
  isAccepted,
  recordCodeAccepted,
  refuseCode,
} from './second-factor-check';
import {
  hasSecondFactor,
  markSecondFactorGiven,
  secondFactorsOf,
  stepUpIsFresh,
} from './sign-in-stage';
import { requireStage } from './two-step-sign-in';

// Step-up (ADR 046): before a sensitive change (integration tokens, webhooks, roles, patient
// exports and erasure) a user with a second factor gives it again unless they did so in the
// last STEP_UP_FRESH_MINUTES. A user with none is not asked: there is nothing to ask for, and
// whether they must have one is the clinic's policy.

export const STEP_UP_REQUIRED =
  'Confirm it is you: enter a code from your authenticator app to continue.';

export async function requireFreshSecondFactor(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  ctx: RequestContext,
): Promise<void> {
  // Integration tokens and patients' links have no second factor to give.
  if (ctx.apiToken || ctx.patient) return;
  if (stepUpIsFresh(ctx.user.secondFactorAt, deps.now())) return;
  if (!hasSecondFactor(await secondFactorsOf(deps.db.db, ctx.user.id))) return;
  throw new HttpError(403, 'step_up_required', STEP_UP_REQUIRED);
}

/** A code given in a whole session: the session's second factor is fresh again. */
export async function stepUp(deps: AuthDeps, ctx: RequestContext, code: string) {
  const { user, ip } = ctx;
  requireStage(user, ['full']);
  await assertCodeMayBeTried(deps, user.id);
  const caller = { userId: user.id, ip };
  const refused = await deps.db.db.transaction(async (tx) => {
    const accepted = await acceptCode(deps, tx, user.id, code);
    if (!isAccepted(accepted)) return accepted;
    await markSecondFactorGiven(tx, user.sessionId, deps.now());
    await recordCodeAccepted(deps, tx, caller, accepted, 'step_up');
    return null;
  });
  if (refused) await refuseCode(deps, caller, code, refused);
}
