import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointBody } from '@contracts/webhooks';
import { callEndpoint } from '@web/lib/endpoint-client';
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
export const webhookEndpointsQueryOptions = queryOptions({
  queryKey: webhookKeys.all,
  queryFn: ({ signal }) =>
    callEndpoint(listWebhookEndpointsRoute, {
      signal,
      fallback: 'Failed to load webhook endpoints',
    }),
  ...listFreshness,
});

export const webhookDeliveriesQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: ({ signal }) =>
      callEndpoint(listWebhookDeliveriesRoute, {
        params: { id },
        query: { page, limit: 25 },
        signal,
        fallback: 'Failed to load the delivery log',
      }),
    // The log moves as the worker delivers: look again while it is open.
    refetchInterval: 5_000,
  });

export function useSaveWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: WebhookEndpointBody }) =>
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(deleteWebhookEndpointRoute, {
        params: { id },
        fallback: 'Failed to remove the endpoint',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useResendWebhookDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      callEndpoint(resendWebhookDeliveryRoute, {
        params: { id: endpointId, deliveryId },
        fallback: 'Failed to resend the delivery',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoint(endpointId) }),
  });
}
