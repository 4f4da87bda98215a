import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessRule } from './access';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: AccessRule | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access rule, so a test can walk them all. */
    routeRegistry: readonly RegisteredRoute[];
  }
}

/** Registered before any route, it sees each one as it is added (one entry per method). */
export const routeRegistryPlugin = fp(async (app: FastifyInstance) => {
  const routes: RegisteredRoute[] = [];
  app.decorate('routeRegistry', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read the rule when asked, not now: a later onRoute hook may still fill it in (the API
      // reference pages get theirs from the auth plugin).
      routes.push({
        method: String(method),
        url: route.url,
        get access() {
          return route.config?.access;
        },
      });
    }
  });
});
