import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentIdParams,
  availabilityPaths,
  availabilityResponse,
  saveAvailabilityBody,
} from '@contracts/availability';
import type { AppDeps } from '../../app-deps';
import * as schedules from './agent-schedule.service';

/** Agents keep their own hours; admins keep anyone's in their clinics. */
const agentsOnly = { access: { roles: ['provider', 'nurse'] } } as const;
const adminOnly = { access: { roles: ['admin'] } } as const;

export function availabilityRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      availabilityPaths.own,
      { schema: { response: { 200: availabilityResponse } }, config: agentsOnly },
      async (request) => schedules.getOwnAvailability(deps, request.auth!),
    );

    app.put(
      availabilityPaths.own,
      {
        schema: { body: saveAvailabilityBody, response: { 200: availabilityResponse } },
        config: agentsOnly,
      },
      async (request) => schedules.saveOwnAvailability(deps, request.auth!, request.body),
    );

    app.get(
      availabilityPaths.agent,
      {
        schema: { params: agentIdParams, response: { 200: availabilityResponse } },
        config: adminOnly,
      },
      async (request) => schedules.getAgentAvailability(deps, request.auth!, request.params.id),
    );

    app.put(
      availabilityPaths.agent,
      {
        schema: {
          params: agentIdParams,
          body: saveAvailabilityBody,
          response: { 200: availabilityResponse },
        },
        config: adminOnly,
      },
      async (request) =>
        schedules.saveAgentAvailability(deps, request.auth!, request.params.id, request.body),
    );
  };
}
