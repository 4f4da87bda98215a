import type { CreateSmartClientBody } from '@contracts/integrations';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { listFreshness } from '@web/lib/query-client';
import {
  createSmartClientRoute,
  listSmartClientsRoute,
  revokeSmartClientRoute,
} from '@contracts/routes/integrations';
import { smartClientKeys } from '@web/queries/query-keys';

/** The SMART clients of the admin's clinics, newest first, revoked ones included. */
export const smartClientsQueryOptions = endpointQuery(
  smartClientKeys.all,
  listSmartClientsRoute,
  { fallback: 'Failed to load SMART clients' },
  listFreshness,
);

export function useCreateSmartClient() {
  return useWriteThenRefresh(
    (body: CreateSmartClientBody) =>
      callEndpoint(createSmartClientRoute, { body, fallback: 'Failed to register the client' }),
    [smartClientKeys.all],
  );
}

export function useRevokeSmartClient() {
  return useWriteThenRefresh(
    (id: string) =>
      callEndpoint(revokeSmartClientRoute, {
        params: { id },
        fallback: 'Failed to revoke the client',
      }),
    [smartClientKeys.all],
  );
}
