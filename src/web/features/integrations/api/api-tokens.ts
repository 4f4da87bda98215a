import type { CreateApiTokenBody } from '@contracts/integrations';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { listFreshness } from '@web/lib/query-client';
import {
  createApiTokenRoute,
  listApiTokensRoute,
  revokeApiTokenRoute,
} from '@contracts/routes/integrations';
import { apiTokenKeys } from '@web/queries/query-keys';

/** The integration tokens of the admin's clinics, newest first, revoked ones included. */
export const apiTokensQueryOptions = endpointQuery(
  apiTokenKeys.all,
  listApiTokensRoute,
  { fallback: 'Failed to load integration tokens' },
  listFreshness,
);

export function useCreateApiToken() {
  return useWriteThenRefresh(
    (body: CreateApiTokenBody) =>
      callEndpoint(createApiTokenRoute, { body, fallback: 'Failed to create the token' }),
    [apiTokenKeys.all],
  );
}

export function useRevokeApiToken() {
  return useWriteThenRefresh(
    (id: string) =>
      callEndpoint(revokeApiTokenRoute, { params: { id }, fallback: 'Failed to revoke the token' }),
    [apiTokenKeys.all],
  );
}
