// The zod-free part of each webhooks contract: enough for the web app to call it without
// loading the schemas. The contract in ../webhooks.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const webhookPaths = {
  endpoints: '/api/admin/webhooks',
  endpoint: '/api/admin/webhooks/:id',
  deliveries: '/api/admin/webhooks/:id/deliveries',
  resend: '/api/admin/webhooks/:id/deliveries/:deliveryId/resend',
} as const;

export const listWebhookEndpointsRoute = defineRoute({
  method: 'GET',
  path: webhookPaths.endpoints,
  operationId: 'listWebhookEndpoints',
});

export const createWebhookEndpointRoute = defineRoute({
  method: 'POST',
  path: webhookPaths.endpoints,
  operationId: 'createWebhookEndpoint',
});

export const updateWebhookEndpointRoute = defineRoute({
  method: 'PUT',
  path: webhookPaths.endpoint,
  operationId: 'updateWebhookEndpoint',
});

export const deleteWebhookEndpointRoute = defineRoute({
  method: 'DELETE',
  path: webhookPaths.endpoint,
  operationId: 'deleteWebhookEndpoint',
});

export const listWebhookDeliveriesRoute = defineRoute({
  method: 'GET',
  path: webhookPaths.deliveries,
  operationId: 'listWebhookDeliveries',
});

export const resendWebhookDeliveryRoute = defineRoute({
  method: 'POST',
  path: webhookPaths.resend,
  operationId: 'resendWebhookDelivery',
});
