import type { FastifyPluginAsync } from 'fastify';
import {
  addResourceTimeOffEndpoint,
  archiveResourceEndpoint,
  createResourceEndpoint,
  listResourcesEndpoint,
  removeResourceTimeOffEndpoint,
  restoreResourceEndpoint,
  updateResourceEndpoint,
} from '@contracts/resources';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import { archiveResource, restoreResource } from './archive-resource';
import { listResources } from './list-resources';
import { addResourceTimeOff, removeResourceTimeOff } from './resource-time-off';
import { createResource, updateResource } from './write-resource';

export function resourcesRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, listResourcesEndpoint, async (request) =>
      listResources(deps, request.context, request.params.clinicId, request.query.archived),
    );

    route(app, createResourceEndpoint, async (request, reply) =>
      reply
        .status(201)
        .send(await createResource(deps, request.context, request.params.clinicId, request.body)),
    );

    route(app, updateResourceEndpoint, async (request) => {
      const { clinicId, resourceId } = request.params;
      return updateResource(deps, request.context, clinicId, resourceId, request.body);
    });

    route(app, archiveResourceEndpoint, async (request) => {
      const { clinicId, resourceId } = request.params;
      return archiveResource(deps, request.context, clinicId, resourceId);
    });

    route(app, restoreResourceEndpoint, async (request) => {
      const { clinicId, resourceId } = request.params;
      return restoreResource(deps, request.context, clinicId, resourceId);
    });

    route(app, addResourceTimeOffEndpoint, async (request, reply) => {
      const { clinicId, resourceId } = request.params;
      return reply
        .status(201)
        .send(await addResourceTimeOff(deps, request.context, clinicId, resourceId, request.body));
    });

    route(app, removeResourceTimeOffEndpoint, async (request) => {
      const { clinicId, resourceId, timeOffId } = request.params;
      return removeResourceTimeOff(deps, request.context, clinicId, resourceId, timeOffId);
    });
  };
}
