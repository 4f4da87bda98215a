import type { FastifyPluginAsync } from 'fastify';
import {
  archiveServiceEndpoint,
  createServiceEndpoint,
  listServicesEndpoint,
  restoreServiceEndpoint,
  updateServiceEndpoint,
} from '@contracts/services';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import { archiveService, restoreService } from './archive-service';
import { listServices } from './list-services';
import { createService, updateService } from './write-service';

export function servicesRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, listServicesEndpoint, async (request) =>
      listServices(deps, request.context, request.params.clinicId, request.query.archived),
    );

    route(app, createServiceEndpoint, async (request, reply) =>
      reply
        .status(201)
        .send(await createService(deps, request.context, request.params.clinicId, request.body)),
    );

    route(app, updateServiceEndpoint, async (request) => {
      const { clinicId, serviceId } = request.params;
      return updateService(deps, request.context, clinicId, serviceId, request.body);
    });

    route(app, archiveServiceEndpoint, async (request) => {
      const { clinicId, serviceId } = request.params;
      return archiveService(deps, request.context, clinicId, serviceId);
    });

    route(app, restoreServiceEndpoint, async (request) => {
      const { clinicId, serviceId } = request.params;
      return restoreService(deps, request.context, clinicId, serviceId);
    });
  };
}
