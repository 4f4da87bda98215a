import type { FastifyPluginAsync } from 'fastify';
import { getDashboardEndpoint } from '@contracts/dashboard';
import type { AppDeps } from '../../app-deps';
import type { AuthUser } from '../auth/auth.service';
import { route } from '../../core/route';
import { getDashboard } from './dashboard.service';

export function dashboardRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, getDashboardEndpoint, async (request) =>
      getDashboard(deps, { user: request.auth as AuthUser, ip: request.ip }, request.query),
    );
  };
}
