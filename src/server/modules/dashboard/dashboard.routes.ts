import type { FastifyPluginAsync } from 'fastify';
import { getDashboardEndpoint } from '@contracts/dashboard';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import { getDashboard } from './dashboard.service';

export function dashboardRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, getDashboardEndpoint, async (request) =>
      getDashboard(deps, request.context, request.query),
    );
  };
}
