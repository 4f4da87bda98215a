import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createApiTokenEndpoint,
  listApiTokensEndpoint,
  revokeApiTokenEndpoint,
  type CreateApiTokenBody,
} from '@contracts/integrations';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
};

/** The integration tokens of the admin's clinics, newest first, revoked ones included. */
export const apiTokensQueryOptions = queryOptions({
  queryKey: apiTokenKeys.all,
  queryFn: ({ signal }) =>
    callEndpoint(listApiTokensEndpoint, {
      signal,
      fallback: 'Failed to load integration tokens',
    }),
  ...listFreshness,
});

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) =>
      callEndpoint(createApiTokenEndpoint, { body, fallback: 'Failed to create the token' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(revokeApiTokenEndpoint, {
        params: { id },
        fallback: 'Failed to revoke the token',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
