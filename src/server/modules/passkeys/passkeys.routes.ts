import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  listPasskeysEndpoint,
  passkeyRegistrationOptionsEndpoint,
  passkeySecondFactorEndpoint,
  passkeySecondFactorOptionsEndpoint,
  passkeySignInEndpoint,
  passkeySignInOptionsEndpoint,
  passkeyStepUpEndpoint,
  registerPasskeyEndpoint,
  removePasskeyEndpoint,
  renamePasskeyEndpoint,
} from '@contracts/passkeys';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import { unauthorized } from '../../errors';
import {
  authenticate,
  authUserView,
  SESSION_COOKIE,
  setSessionCookie,
  type StartedSession,
} from '../auth';
import * as assertion from './assertion.service';
import * as registration from './registration.service';

export function passkeysRoutes(deps: AppDeps): FastifyPluginAsync {
  /** The new session's cookie, and the user it signed in, as the password sign-in answers. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, started: StartedSession) {
    setSessionCookie(request, reply, started.token, started.maxAgeSeconds);
    const user = await authenticate(deps, started.token);
    if (!user) throw unauthorized();
    return { user: authUserView(deps.config, user) };
  }
  const publicLimit = {
    rateLimit: { max: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
  };

  return async (app) => {
    route(app, listPasskeysEndpoint, async (request) =>
      registration.listPasskeys(deps, request.context),
    );

    route(app, passkeyRegistrationOptionsEndpoint, async (request) =>
      registration.registrationOptions(deps, request.context),
    );

    route(app, registerPasskeyEndpoint, async (request, reply) => {
      const { view, started } = await registration.registerPasskey(
        deps,
        request.context,
        request.body,
        request.headers['user-agent'] ?? null,
      );
      if (!started) return reply.status(201).send(view);
      const { user } = await signedIn(request, reply, started);
      return reply.status(201).send({ ...view, user });
    });

    route(app, renamePasskeyEndpoint, async (request) =>
      registration.renamePasskey(deps, request.context, request.params.id, request.body.name),
    );

    route(app, removePasskeyEndpoint, async (request) =>
      registration.removePasskey(deps, request.context, request.params.id),
    );

    route(app, passkeySecondFactorOptionsEndpoint, async (request) =>
      assertion.secondFactorOptions(deps, request.context),
    );

    route(app, passkeySecondFactorEndpoint, async (request, reply) => {
      const started = await assertion.giveSecondFactor(
        deps,
        request.context,
        request.body,
        request.headers['user-agent'] ?? null,
      );
      return signedIn(request, reply, started);
    });

    route(app, passkeyStepUpEndpoint, async (request) =>
      assertion.stepUp(deps, request.context, request.body),
    );

    route(
      app,
      passkeySignInOptionsEndpoint,
      async () => assertion.signInOptions(deps),
      publicLimit,
    );

    route(
      app,
      passkeySignInEndpoint,
      async (request, reply) => {
        const started = await assertion.signInWithPasskey(deps, {
          body: request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          presentedToken: request.cookies[SESSION_COOKIE],
        });
        return signedIn(request, reply, started);
      },
      publicLimit,
    );
  };
}
