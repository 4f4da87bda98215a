import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardPaths, dashboardQuery, dashboardResponse } from '@contracts/dashboard';
import type { AppDeps } from '../../app-deps';
import { getDashboard } from './dashboard.service';

export function dashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      dashboardPaths.dashboard,
      {
        schema: { querystring: dashboardQuery, response: { 200: dashboardResponse } },
        config: { access: 'authenticated' },
      },
      async (request) => getDashboard(deps, { user: request.auth!, ip: request.ip }, request.query),
    );
  };
}
