import type { FastifyPluginAsync } from 'fastify';
import {
  createApiTokenEndpoint,
  listApiTokensEndpoint,
  revokeApiTokenEndpoint,
} from '@contracts/integrations';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import { requireFreshSecondFactor } from '../auth';
import * as tokens from './api-tokens.service';

export function integrationsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, createApiTokenEndpoint, async (request, reply) => {
      await requireFreshSecondFactor(deps, request.context);
      return reply
        .status(201)
        .send(await tokens.createApiToken(deps, request.context, request.body));
    });

    route(app, listApiTokensEndpoint, async (request) =>
      tokens.listApiTokens(deps, request.context),
    );

    route(app, revokeApiTokenEndpoint, async (request) =>
      tokens.revokeApiToken(deps, request.context, request.params.id),
    );
  };
}
