import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate, SESSION_COOKIE, type AuthDeps } from '../modules/auth';
import { DatabaseUnavailableError, translateDbError } from '../db/errors';
import { isCrossSiteRequest } from '../security/cross-site';
import { forbidden, unauthorized } from '../errors';
import type { AccessRule } from './access';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** "GET /api/x"; the HEAD route Fastify adds for a GET goes by its GET. */
function routeName(route: { method: string | string[]; url: string }) {
  const methods = [route.method].flat().filter((m) => m !== 'HEAD');
  return `${methods.join(',') || 'GET'} ${route.url}`;
}

/**
 * Who is calling, and may they: runs before the body is even parsed, so an anonymous or
 * unauthorised caller learns nothing from validation errors. The caller's request context
 * (core/request-context) is attached here, once.
 */
export const authPlugin = fp(async (app: FastifyInstance, deps: AuthDeps) => {
  app.decorateRequest('context', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The API reference pages are registered by a library that cannot set route config.
    if (route.url.startsWith('/api/docs') && !route.config?.access) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
    if (!route.config.endpoint) {
      throw new Error(
        `Route ${routeName(route)} has no endpoint contract: register it with route() from src/contracts`,
      );
    }
  });

  /**
   * The caller's session, read on the primary. On an endpoint that may read a replica, a primary
   * that cannot be reached (a failover under way) is no reason to fail: the session is read on a
   * replica instead, without the writes a lookup may make (ADR 063). A session the primary revoked
   * before it went is revoked on its synchronous standby too; another replica may lag it by the
   * moment of its replay.
   */
  async function sessionUser(
    token: string,
    { allowPending, readsReplica }: { allowPending: boolean; readsReplica: boolean },
  ) {
    try {
      return await authenticate(deps, token, { allowPending });
    } catch (err) {
      const replica = deps.db.replica;
      if (
        !replica ||
        !readsReplica ||
        !(translateDbError(err) instanceof DatabaseUnavailableError)
      ) {
        throw err;
      }
      return replica.run(undefined, () =>
        authenticate(deps, token, { allowPending, readOnly: true }),
      );
    }
  }

  app.addHook('onRequest', async (request) => {
    const rule: AccessRule | undefined = request.routeOptions.config?.access;
    if (!rule) return; // not a route of ours: the not-found handler answers
    if (MUTATING.has(request.method) && isCrossSiteRequest(request)) {
      throw forbidden('Requests from other sites are not allowed.');
    }
    const token = request.cookies[SESSION_COOKIE];
    // A session part-way through signing in (ADR 046) is no session but on the routes that
    // finish signing in.
    const allowPending = request.routeOptions.config?.endpoint?.signingIn === true;
    const readsReplica = request.routeOptions.config?.endpoint?.reads === 'replica';
    const user = token ? await sessionUser(token, { allowPending, readsReplica }) : null;
    request.context = user ? { user, ip: request.ip } : null;
    if (rule === 'public') return;
    if (!user) throw unauthorized();
    if (rule !== 'authenticated' && !rule.roles.includes(user.role)) throw forbidden();
  });
});
