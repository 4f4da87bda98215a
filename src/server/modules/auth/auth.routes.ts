import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authPaths,
  changePasswordBody,
  loginBody,
  okResponse,
  sessionResponse,
  updateProfileBody,
} from '@contracts/auth';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth';
import * as auth from './auth.service';

export function authRoutes(deps: auth.AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      authPaths.login,
      {
        schema: { body: loginBody, response: { 200: sessionResponse } },
        config: {
          access: 'public',
          rateLimit: { max: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
        },
      },
      async (request, reply) => {
        const result = await auth.signIn(deps, {
          ...request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          presentedToken: request.cookies[auth.SESSION_COOKIE],
        });
        setSessionCookie(request, reply, result.token, result.maxAgeSeconds);
        return { user: result.user };
      },
    );

    app.post(
      authPaths.logout,
      { schema: { response: { 200: okResponse } }, config: { access: 'public' } },
      async (request, reply) => {
        if (request.auth) await auth.signOut(deps, request.auth.sessionId);
        clearSessionCookie(request, reply);
        return { ok: true as const };
      },
    );

    app.get(
      authPaths.session,
      { schema: { response: { 200: sessionResponse } }, config: { access: 'authenticated' } },
      async (request) => {
        const { sessionId: _s, clinicIds: _c, ...user } = request.auth!;
        return { user };
      },
    );

    app.post(
      authPaths.password,
      {
        schema: { body: changePasswordBody, response: { 200: okResponse } },
        config: { access: 'authenticated' },
      },
      async (request) => {
        await auth.changePassword(deps, request.auth!, { ...request.body, ip: request.ip });
        return { ok: true as const };
      },
    );

    app.put(
      authPaths.profile,
      {
        schema: { body: updateProfileBody, response: { 200: sessionResponse } },
        config: { access: 'authenticated' },
      },
      async (request) => ({ user: await auth.updateProfile(deps, request.auth!, request.body) }),
    );
  };
}
