import type { CreateServiceBody, UpdateServiceBody } from '@contracts/services';
import {
  archiveServiceRoute,
  createServiceRoute,
  restoreServiceRoute,
  updateServiceRoute,
} from '@contracts/routes/services';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { serviceKeys, slotKeys } from '@web/queries/query-keys';

// A service's lengths and buffers decide the free times the pickers offer.
const AFTER_A_CHANGE = [serviceKeys.all, slotKeys.all];

export function useSaveService(clinicId: string) {
  return useWriteThenRefresh(
    ({ id, body }: { id?: string; body: CreateServiceBody | UpdateServiceBody }) =>
      id
        ? callEndpoint(updateServiceRoute, {
            params: { clinicId, serviceId: id },
            body: body as UpdateServiceBody,
            fallback: 'Failed to save the service',
          })
        : callEndpoint(createServiceRoute, {
            params: { clinicId },
            body,
            fallback: 'Failed to add the service',
          }),
    AFTER_A_CHANGE,
  );
}

/** Archives (no longer offered) or restores a service. */
export function useSetServiceArchived(clinicId: string) {
  return useWriteThenRefresh(
    ({ id, archive }: { id: string; archive: boolean }) =>
      callEndpoint(archive ? archiveServiceRoute : restoreServiceRoute, {
        params: { clinicId, serviceId: id },
        fallback: archive ? 'Failed to archive the service' : 'Failed to restore the service',
      }),
    AFTER_A_CHANGE,
  );
}
