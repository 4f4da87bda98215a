import type { FastifyPluginAsync } from 'fastify';
import {
  activateAgentEndpoint,
  createAgentEndpoint,
  deactivateAgentEndpoint,
  getAgentEndpoint,
  listAgentsEndpoint,
  resetAgentPasswordEndpoint,
  unlockAgentSignInEndpoint,
  updateAgentEndpoint,
} from '@contracts/admin';
import { route } from '../../core/route';
import * as agents from './agents.service';

/** Staff administration: admins manage the accounts of the clinics they belong to. */
export function adminRoutes(deps: agents.AgentsDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, listAgentsEndpoint, async (request) => ({
      data: await agents.listAgents(deps, request.context, request.query),
    }));

    route(app, createAgentEndpoint, async (request, reply) =>
      reply.status(201).send(await agents.createAgent(deps, request.context, request.body)),
    );

    route(app, getAgentEndpoint, async (request) =>
      agents.getAgent(deps, request.context, request.params.id),
    );

    route(app, updateAgentEndpoint, async (request) =>
      agents.updateAgent(deps, request.context, request.params.id, request.body),
    );

    route(app, deactivateAgentEndpoint, async (request) =>
      agents.setAgentActive(deps, request.context, request.params.id, false),
    );

    route(app, activateAgentEndpoint, async (request) =>
      agents.setAgentActive(deps, request.context, request.params.id, true),
    );

    route(
      app,
      resetAgentPasswordEndpoint,
      async (request) => {
        const { id } = request.params;
        await agents.resetAgentPassword(deps, request.context, id, request.body.password);
        return { ok: true as const };
      },
      { rateLimit: { max: 30, timeWindow: '1 minute' } },
    );

    route(app, unlockAgentSignInEndpoint, async (request) =>
      agents.unlockAgentSignIn(deps, request.context, request.params.id),
    );
  };
}
