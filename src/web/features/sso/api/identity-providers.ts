import type { IdentityProviderBody } from '@contracts/sso';
import {
  archiveIdentityProviderRoute,
  createIdentityProviderRoute,
  listIdentityProvidersRoute,
  updateIdentityProviderRoute,
} from '@contracts/routes/sso';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { listFreshness } from '@web/lib/query-client';

export const identityProviderKeys = { all: ['identity-providers'] as const };

/** The identity providers of which the admin administers every clinic; archived ones last. */
export const identityProvidersQueryOptions = endpointQuery(
  identityProviderKeys.all,
  listIdentityProvidersRoute,
  { fallback: 'Failed to load the identity providers' },
  listFreshness,
);

export function useSaveIdentityProvider() {
  return useWriteThenRefresh(
    ({ id, body }: { id?: string; body: IdentityProviderBody }) =>
      id
        ? callEndpoint(updateIdentityProviderRoute, {
            params: { id },
            body,
            fallback: 'Failed to save the identity provider',
          })
        : callEndpoint(createIdentityProviderRoute, {
            body,
            fallback: 'Failed to add the identity provider',
          }),
    [identityProviderKeys.all],
  );
}

export function useArchiveIdentityProvider() {
  return useWriteThenRefresh(
    (id: string) =>
      callEndpoint(archiveIdentityProviderRoute, {
        params: { id },
        fallback: 'Failed to archive the identity provider',
      }),
    [identityProviderKeys.all],
  );
}
