import type { FastifyPluginAsync } from 'fastify';
import {
  changePasswordEndpoint,
  getSessionEndpoint,
  signInEndpoint,
  signOutEndpoint,
  updateProfileEndpoint,
} from '@contracts/auth';
import { route } from '../../core/route';
import { readsAnyReports } from '../reports';
import * as auth from './auth.service';
import { presentedDevice, setDeviceCookie } from './device-cookie';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session-cookie';
import { presentedRememberedToken } from './remembered-browsers';
import { twoStepRoutes } from './two-step.routes';

export interface AuthRouteOptions {
  /** Where a browser goes after signing out of this session: its identity provider (ADR 048). */
  signOutRedirect?: (sessionId: string) => Promise<string | undefined>;
}

export function authRoutes(
  deps: auth.AuthDeps,
  options: AuthRouteOptions = {},
): FastifyPluginAsync {
  return async (app) => {
    await app.register(twoStepRoutes(deps));
    route(
      app,
      signInEndpoint,
      async (request, reply) => {
        const result = await auth.signIn(deps, {
          ...request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          presentedToken: request.cookies[SESSION_COOKIE],
          presentedDevice: presentedDevice(request),
          presentedRemembered: presentedRememberedToken(request),
        });
        setSessionCookie(request, reply, result.token, result.maxAgeSeconds);
        setDeviceCookie(request, reply, result.device);
        const user = auth.sessionUserView(deps.config, result.user);
        return result.next ? { user, next: result.next, methods: result.methods } : { user };
      },
      { rateLimit: { max: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    );

    route(app, signOutEndpoint, async (request, reply) => {
      const sessionId = request.context?.user.sessionId;
      const redirectTo = sessionId ? await options.signOutRedirect?.(sessionId) : undefined;
      if (sessionId) await auth.signOut(deps, sessionId);
      clearSessionCookie(request, reply);
      return { ok: true as const, ...(redirectTo ? { redirectTo } : {}) };
    });

    route(app, getSessionEndpoint, async (request) => {
      const readsReports = await readsAnyReports(deps.db.db, request.context.user);
      return { user: { ...auth.authUserView(deps.config, request.context.user), readsReports } };
    });

    route(app, changePasswordEndpoint, async (request) => {
      await auth.changePassword(deps, request.context, request.body, presentedDevice(request));
      return { ok: true as const };
    });

    route(app, updateProfileEndpoint, async (request) => ({
      user: auth.sessionUserView(
        deps.config,
        await auth.updateProfile(deps, request.context, request.body),
      ),
    }));
  };
}
