import type {
  AddResourceTimeOffBody,
  CreateResourceBody,
  UpdateResourceBody,
} from '@contracts/resources';
import {
  addResourceTimeOffRoute,
  archiveResourceRoute,
  createResourceRoute,
  removeResourceTimeOffRoute,
  restoreResourceRoute,
  updateResourceRoute,
} from '@contracts/routes/resources';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { resourceKeys, slotKeys } from '@web/queries/query-keys';

// A resource's hours, time off and archiving decide which times the pickers offer.
const AFTER_A_CHANGE = [resourceKeys.all, slotKeys.all];

export function useSaveResource(clinicId: string) {
  return useWriteThenRefresh(
    ({ id, body }: { id?: string; body: CreateResourceBody | UpdateResourceBody }) =>
      id
        ? callEndpoint(updateResourceRoute, {
            params: { clinicId, resourceId: id },
            body: body as UpdateResourceBody,
            fallback: 'Failed to save the room or equipment',
          })
        : callEndpoint(createResourceRoute, {
            params: { clinicId },
            body,
            fallback: 'Failed to add the room or equipment',
          }),
    AFTER_A_CHANGE,
  );
}

/** Archives (no longer booked) or restores a resource. */
export function useSetResourceArchived(clinicId: string) {
  return useWriteThenRefresh(
    ({ id, archive }: { id: string; archive: boolean }) =>
      callEndpoint(archive ? archiveResourceRoute : restoreResourceRoute, {
        params: { clinicId, resourceId: id },
        fallback: archive ? 'Failed to archive it' : 'Failed to restore it',
      }),
    AFTER_A_CHANGE,
  );
}

export function useAddResourceTimeOff(clinicId: string) {
  return useWriteThenRefresh(
    ({ id, body }: { id: string; body: AddResourceTimeOffBody }) =>
      callEndpoint(addResourceTimeOffRoute, {
        params: { clinicId, resourceId: id },
        body,
        fallback: 'Failed to add the time off',
      }),
    AFTER_A_CHANGE,
  );
}

export function useRemoveResourceTimeOff(clinicId: string) {
  return useWriteThenRefresh(
    ({ id, timeOffId }: { id: string; timeOffId: string }) =>
      callEndpoint(removeResourceTimeOffRoute, {
        params: { clinicId, resourceId: id, timeOffId },
        fallback: 'Failed to remove the time off',
      }),
    AFTER_A_CHANGE,
  );
}
