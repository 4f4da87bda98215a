import type { FastifyPluginAsync } from 'fastify';
import { clientConfigEndpoint, healthEndpoint } from '@contracts/system';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';

export function systemRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, healthEndpoint, async (_request, reply) => {
      const up = await deps.db.ping();
      const draining = deps.lifecycle?.draining === true;
      const body = {
        status: draining ? ('draining' as const) : up ? ('ok' as const) : ('degraded' as const),
        database: {
          kind: deps.db.kind,
          embedded: deps.db.embedded === true,
          status: up ? ('up' as const) : ('down' as const),
        },
        version: deps.version,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(up && !draining ? 200 : 503).send(body);
    });

    route(app, clientConfigEndpoint, async () => ({
      sentryDsn: deps.config.SENTRY_DSN ?? null,
      environment: deps.config.SENTRY_ENVIRONMENT,
      release: deps.version,
    }));
  };
}
