import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigResponse, healthResponse, systemPaths } from '@contracts/system';
import type { AppDeps } from '../../app-deps';

export function systemRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      systemPaths.health,
      {
        schema: { response: { 200: healthResponse, 503: healthResponse } },
        config: { access: 'public' },
      },
      async (_request, reply) => {
        const up = await deps.db.ping();
        const body = {
          status: up ? ('ok' as const) : ('degraded' as const),
          database: { kind: deps.db.kind, status: up ? ('up' as const) : ('down' as const) },
          version: deps.version,
          uptimeSeconds: Math.round(process.uptime()),
        };
        return reply.status(up ? 200 : 503).send(body);
      },
    );

    app.get(
      systemPaths.clientConfig,
      { schema: { response: { 200: clientConfigResponse } }, config: { access: 'public' } },
      async () => ({
        sentryDsn: deps.config.SENTRY_DSN ?? null,
        environment: deps.config.SENTRY_ENVIRONMENT,
        release: deps.version,
      }),
    );
  };
}
