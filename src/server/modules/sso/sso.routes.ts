import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  archiveIdentityProviderEndpoint,
  createIdentityProviderEndpoint,
  finishSsoSignInEndpoint,
  listIdentityProvidersEndpoint,
  ssoBackchannelLogoutEndpoint,
  startSsoSignInEndpoint,
  updateIdentityProviderEndpoint,
} from '@contracts/sso';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import { SESSION_COOKIE, setSessionCookie } from '../auth';
import { backchannelLogout } from './backchannel-logout';
import { finishSignIn } from './finish-sign-in';
import * as providers from './providers.service';
import { SsoRefusal } from './refusal';
import { SIGN_IN_MINUTES, startSignIn } from './start-sign-in';
import { continueSignIn, loginWithError } from './sso-urls';

/** Binds a sign-in to the browser that started it; only the callback's path receives it. */
const BROWSER_COOKIE = 'carebook_sso';
const CALLBACK_PATH = '/api/auth/sso';

function setBrowserCookie(request: FastifyRequest, reply: FastifyReply, value: string) {
  // Lax: the provider sends the browser back with a top-level GET from its own site.
  void reply.setCookie(BROWSER_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: CALLBACK_PATH,
    maxAge: SIGN_IN_MINUTES * 60,
  });
}

function clearBrowserCookie(request: FastifyRequest, reply: FastifyReply) {
  void reply.clearCookie(BROWSER_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: CALLBACK_PATH,
  });
}

function searchOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
}

/** A path of this app to return to: one slash, not two (no other site). */
function safeNext(next: string | undefined | null): string | null {
  return next && /^\/(?![/\\])/.test(next) ? next : null;
}

export function ssoRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, listIdentityProvidersEndpoint, async (request) =>
      providers.listProviders(deps, request.context),
    );
    route(app, createIdentityProviderEndpoint, async (request, reply) =>
      reply.status(201).send(await providers.createProvider(deps, request.context, request.body)),
    );
    route(app, updateIdentityProviderEndpoint, async (request) =>
      providers.updateProvider(deps, request.context, request.params.id, request.body),
    );
    route(app, archiveIdentityProviderEndpoint, async (request) =>
      providers.archiveProvider(deps, request.context, request.params.id),
    );

    // The browser's own endpoints: every outcome is a redirect, never an error in JSON.
    const limited = {
      rateLimit: { max: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
    };
    route(
      app,
      startSsoSignInEndpoint,
      async (request, reply) => {
        const started = await startSignIn(deps, {
          email: request.query.email,
          providerId: request.query.provider,
          next: safeNext(request.query.next),
        });
        if (!started.ok) return reply.redirect(loginWithError(started.code), 302);
        setBrowserCookie(request, reply, started.browserCookie);
        return reply.redirect(started.location, 302);
      },
      limited,
    );

    route(
      app,
      finishSsoSignInEndpoint,
      async (request, reply) => {
        clearBrowserCookie(request, reply);
        try {
          const { session, returnTo, stage } = await finishSignIn(deps, {
            search: searchOf(request.url),
            state: request.query.state,
            browserCookie: request.cookies[BROWSER_COOKIE],
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? null,
            presentedToken: request.cookies[SESSION_COOKIE],
          });
          setSessionCookie(request, reply, session.token, session.maxAgeSeconds);
          if (stage !== 'full') {
            // Our second factor is owed (ADR 048): the sign-in page asks for it, then goes on.
            return reply.redirect(continueSignIn(safeNext(returnTo)), 302);
          }
          return reply.redirect(safeNext(returnTo) ?? '/dashboard', 302);
        } catch (error) {
          if (!(error instanceof SsoRefusal)) {
            // Ours, not the provider's (the database, say): logged as a failure, and the person
            // is told to try again rather than shown an error page.
            request.log.error({ err: error }, 'single sign-on failed');
            return reply.redirect(loginWithError('unavailable'), 302);
          }
          request.log.warn({ code: error.code, reason: error.message }, 'single sign-on refused');
          return reply.redirect(loginWithError(error.code), 302);
        }
      },
      limited,
    );

    // The provider's own call (ADR 048): a form with the logout token, never a browser's.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) =>
          done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      route(
        scope,
        ssoBackchannelLogoutEndpoint,
        async (request, reply) => {
          void reply.header('cache-control', 'no-store');
          return backchannelLogout(deps, {
            logoutToken: request.body.logout_token,
            ip: request.ip,
          });
        },
        limited,
      );
    });
  };
}
