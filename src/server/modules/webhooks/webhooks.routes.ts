import type { FastifyPluginAsync } from 'fastify';
import {
  createWebhookEndpointEndpoint,
  deleteWebhookEndpointEndpoint,
  listWebhookDeliveriesEndpoint,
  listWebhookEndpointsEndpoint,
  resendWebhookDeliveryEndpoint,
  updateWebhookEndpointEndpoint,
} from '@contracts/webhooks';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import { requireFreshSecondFactor } from '../auth';
import * as webhooks from './webhooks.service';

export function webhooksRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, listWebhookEndpointsEndpoint, async (request) =>
      webhooks.listEndpoints(deps, request.context),
    );
    route(app, createWebhookEndpointEndpoint, async (request, reply) => {
      await requireFreshSecondFactor(deps, request.context);
      return reply
        .status(201)
        .send(await webhooks.createEndpoint(deps, request.context, request.body));
    });
    route(app, updateWebhookEndpointEndpoint, async (request) =>
      webhooks.updateEndpoint(deps, request.context, request.params.id, request.body),
    );
    route(app, deleteWebhookEndpointEndpoint, async (request) =>
      webhooks.deleteEndpoint(deps, request.context, request.params.id),
    );
    route(app, listWebhookDeliveriesEndpoint, async (request) =>
      webhooks.listDeliveries(deps, request.context, request.params.id, request.query),
    );
    route(app, resendWebhookDeliveryEndpoint, async (request) =>
      webhooks.resendDelivery(deps, request.context, request.params.id, request.params.deliveryId),
    );
  };
}
