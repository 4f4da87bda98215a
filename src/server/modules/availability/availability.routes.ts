import type { FastifyPluginAsync } from 'fastify';
import {
  getAgentAvailabilityEndpoint,
  getOwnAvailabilityEndpoint,
  saveAgentAvailabilityEndpoint,
  saveOwnAvailabilityEndpoint,
} from '@contracts/availability';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import * as schedules from './agent-schedule.service';

export function availabilityRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, getOwnAvailabilityEndpoint, async (request) =>
      schedules.getOwnAvailability(deps, request.context),
    );

    route(app, saveOwnAvailabilityEndpoint, async (request) =>
      schedules.saveOwnAvailability(deps, request.context, request.body),
    );

    route(app, getAgentAvailabilityEndpoint, async (request) =>
      schedules.getAgentAvailability(deps, request.context, request.params.id),
    );

    route(app, saveAgentAvailabilityEndpoint, async (request) =>
      schedules.saveAgentAvailability(deps, request.context, request.params.id, request.body),
    );
  };
}
