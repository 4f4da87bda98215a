import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiTokenBody } from '@contracts/integrations';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';
import {
  createApiTokenRoute,
  listApiTokensRoute,
  revokeApiTokenRoute,
} from '@contracts/routes/integrations';
import { apiTokenKeys } from '@web/queries/query-keys';

/** The integration tokens of the admin's clinics, newest first, revoked ones included. */
export const apiTokensQueryOptions = queryOptions({
  queryKey: apiTokenKeys.all,
  queryFn: ({ signal }) =>
    callEndpoint(listApiTokensRoute, {
      signal,
      fallback: 'Failed to load integration tokens',
    }),
  ...listFreshness,
});

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) =>
      callEndpoint(createApiTokenRoute, { body, fallback: 'Failed to create the token' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(revokeApiTokenRoute, {
        params: { id },
        fallback: 'Failed to revoke the token',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
