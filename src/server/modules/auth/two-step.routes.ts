import type { FastifyPluginAsync } from 'fastify';
import {
  confirmTotpEndpoint,
  forgetAllRememberedBrowsersEndpoint,
  forgetRememberedBrowserEndpoint,
  getSignInStepEndpoint,
  getTwoStepStatusEndpoint,
  listRememberedBrowsersEndpoint,
  regenerateRecoveryCodesEndpoint,
  removeTotpEndpoint,
  startTotpEnrolmentEndpoint,
  stepUpEndpoint,
  verifySignInCodeEndpoint,
} from '@contracts/two-step';
import { route } from '../../core/route';
import type { AuthDeps } from './auth.service';
import * as auth from './auth.service';
import { presentedDevice } from './device-cookie';
import {
  forgetAllRememberedBrowsers,
  forgetRememberedBrowser,
  listRememberedBrowsers,
  presentedRememberedToken,
  setRememberedCookie,
} from './remembered-browsers';
import { setSessionCookie } from './session-cookie';
import { requireFreshSecondFactor, stepUp } from './step-up';
import {
  confirmTotp,
  regenerateRecoveryCodes,
  removeTotp,
  startTotpEnrolment,
  twoStepStatus,
} from './totp-enrolment';
import { getSignInStep, verifySignInCode } from './two-step-sign-in';
import * as repo from './auth.repository';

const ok = { ok: true as const };

/** Two-step sign-in (ADR 046): the second step of signing in, the factors, step-up. */
export function twoStepRoutes(deps: AuthDeps): FastifyPluginAsync {
  return async (app) => {
    const userAgentOf = (headers: { 'user-agent'?: string | undefined }) =>
      headers['user-agent'] ?? null;
    // The whole user as the app reads it, for a sign-in that has just become whole.
    const signedInUser = async (userId: string) => {
      const row = await repo.findUserById(deps.db.db, userId);
      const clinics = await repo.clinicsOfUser(deps.db.db, userId);
      if (!row) throw new Error('the user of a finished sign-in is gone');
      return auth.sessionUserView(deps.config, auth.toSessionUser(row, clinics));
    };

    route(app, getSignInStepEndpoint, async (request) => getSignInStep(deps, request.context));

    route(app, verifySignInCodeEndpoint, async (request, reply) => {
      const { started, rememberToken } = await verifySignInCode(
        deps,
        request.context,
        { code: request.body.code, remember: request.body.remember },
        userAgentOf(request.headers),
      );
      setSessionCookie(request, reply, started.token, started.maxAgeSeconds);
      if (rememberToken) setRememberedCookie(request, reply, rememberToken);
      return { user: await signedInUser(request.context.user.id) };
    });

    route(app, getTwoStepStatusEndpoint, async (request) => twoStepStatus(deps, request.context));

    route(app, startTotpEnrolmentEndpoint, async (request) =>
      startTotpEnrolment(deps, request.context),
    );

    route(app, confirmTotpEndpoint, async (request, reply) => {
      const { view, started } = await confirmTotp(
        deps,
        request.context,
        request.body.code,
        userAgentOf(request.headers),
      );
      if (!started) return view;
      setSessionCookie(request, reply, started.token, started.maxAgeSeconds);
      return { ...view, user: await signedInUser(request.context.user.id) };
    });

    route(app, removeTotpEndpoint, async (request) => {
      await removeTotp(deps, request.context, request.body, presentedDevice(request));
      return ok;
    });

    route(app, regenerateRecoveryCodesEndpoint, async (request) => {
      await requireFreshSecondFactor(deps, request.context);
      return regenerateRecoveryCodes(deps, request.context);
    });

    route(app, listRememberedBrowsersEndpoint, async (request) => ({
      data: await listRememberedBrowsers(
        deps,
        request.context.user.id,
        presentedRememberedToken(request),
      ),
    }));

    route(app, forgetRememberedBrowserEndpoint, async (request) => {
      await forgetRememberedBrowser(deps, request.context.user.id, request.params.id);
      return ok;
    });

    route(app, forgetAllRememberedBrowsersEndpoint, async (request) => {
      await forgetAllRememberedBrowsers(deps.db.db, request.context.user.id, deps.now());
      return ok;
    });

    route(app, stepUpEndpoint, async (request) => {
      await stepUp(deps, request.context, request.body.code);
      return ok;
    });
  };
}
