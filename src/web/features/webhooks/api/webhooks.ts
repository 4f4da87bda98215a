import type { WebhookEndpointBody } from '@contracts/webhooks';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { listFreshness } from '@web/lib/query-client';
import {
  createWebhookEndpointRoute,
  deleteWebhookEndpointRoute,
  listWebhookDeliveriesRoute,
  listWebhookEndpointsRoute,
  resendWebhookDeliveryRoute,
  updateWebhookEndpointRoute,
} from '@contracts/routes/webhooks';
import { webhookKeys } from '@web/queries/query-keys';

/** The webhook endpoints of the admin's clinics, newest first. */
export const webhookEndpointsQueryOptions = endpointQuery(
  webhookKeys.all,
  listWebhookEndpointsRoute,
  { fallback: 'Failed to load webhook endpoints' },
  listFreshness,
);

export const webhookDeliveriesQueryOptions = (id: string, page: number) =>
  endpointQuery(
    webhookKeys.deliveries(id, page),
    listWebhookDeliveriesRoute,
    { params: { id }, query: { page, limit: 25 }, fallback: 'Failed to load the delivery log' },
    // The log moves as the worker delivers: look again while it is open.
    { refetchInterval: 5_000 },
  );

export function useSaveWebhookEndpoint() {
  return useWriteThenRefresh(
    ({ id, body }: { id?: string; body: WebhookEndpointBody }) =>
      id
        ? callEndpoint(updateWebhookEndpointRoute, {
            params: { id },
            body,
            fallback: 'Failed to save the endpoint',
          })
        : callEndpoint(createWebhookEndpointRoute, {
            body,
            fallback: 'Failed to add the endpoint',
          }),
    [webhookKeys.all],
  );
}

export function useDeleteWebhookEndpoint() {
  return useWriteThenRefresh(
    (id: string) =>
      callEndpoint(deleteWebhookEndpointRoute, {
        params: { id },
        fallback: 'Failed to remove the endpoint',
      }),
    [webhookKeys.all],
  );
}

export function useResendWebhookDelivery(endpointId: string) {
  return useWriteThenRefresh(
    (deliveryId: number) =>
      callEndpoint(resendWebhookDeliveryRoute, {
        params: { id: endpointId, deliveryId },
        fallback: 'Failed to resend the delivery',
      }),
    [webhookKeys.endpoint(endpointId)],
  );
}
