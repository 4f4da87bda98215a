import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPaths,
  adminUser,
  createAgentBody,
  listAgentsQuery,
  listAgentsResponse,
  resetPasswordBody,
  updateAgentBody,
} from '@contracts/admin';
import { okResponse } from '@contracts/auth';
import { idParams } from '@contracts/common';
import * as agents from './agents.service';

const adminOnly = { access: { roles: ['admin'] } } as const;

/** Staff administration: admins manage the accounts of the clinics they belong to. */
export function adminRoutes(deps: agents.AgentsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      adminPaths.agents,
      {
        schema: { querystring: listAgentsQuery, response: { 200: listAgentsResponse } },
        config: adminOnly,
      },
      async (request) => ({ data: await agents.listAgents(deps, request.auth!, request.query) }),
    );

    app.post(
      adminPaths.agents,
      { schema: { body: createAgentBody, response: { 201: adminUser } }, config: adminOnly },
      async (request, reply) =>
        reply.status(201).send(await agents.createAgent(deps, request.auth!, request.body)),
    );

    app.get(
      adminPaths.agent,
      { schema: { params: idParams, response: { 200: adminUser } }, config: adminOnly },
      async (request) => agents.getAgent(deps, request.auth!, request.params.id),
    );

    app.put(
      adminPaths.agent,
      {
        schema: { params: idParams, body: updateAgentBody, response: { 200: adminUser } },
        config: adminOnly,
      },
      async (request) => agents.updateAgent(deps, request.auth!, request.params.id, request.body),
    );

    app.post(
      adminPaths.deactivate,
      { schema: { params: idParams, response: { 200: adminUser } }, config: adminOnly },
      async (request) => agents.setAgentActive(deps, request.auth!, request.params.id, false),
    );

    app.post(
      adminPaths.activate,
      { schema: { params: idParams, response: { 200: adminUser } }, config: adminOnly },
      async (request) => agents.setAgentActive(deps, request.auth!, request.params.id, true),
    );

    app.post(
      adminPaths.password,
      {
        schema: { params: idParams, body: resetPasswordBody, response: { 200: okResponse } },
        config: { ...adminOnly, rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request) => {
        await agents.resetAgentPassword(
          deps,
          request.auth!,
          request.params.id,
          request.body.password,
        );
        return { ok: true as const };
      },
    );

    app.post(
      adminPaths.unlock,
      { schema: { params: idParams, response: { 200: adminUser } }, config: adminOnly },
      async (request) =>
        agents.unlockAgentSignIn(deps, request.auth!, request.params.id, { ip: request.ip }),
    );
  };
}
