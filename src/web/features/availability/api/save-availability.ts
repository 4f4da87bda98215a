import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { SaveAvailabilityBody } from '@contracts/availability';
import { availabilityKeys, slotKeys } from '@web/queries/query-keys';
import { availabilityKey, scheduleEndpoint, type AvailabilityTarget } from './get-availability';
import {
  saveAgentAvailabilityRoute,
  saveOwnAvailabilityRoute,
} from '@contracts/routes/availability';

export const saveAvailability = scheduleEndpoint(
  { own: saveOwnAvailabilityRoute, agent: saveAgentAvailabilityRoute },
  'Failed to save availability',
);

/** Saves a whole schedule; bookable times everywhere are refetched, since they follow it. */
export function useSaveAvailability(target: AvailabilityTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAvailabilityBody) => saveAvailability(target, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(availabilityKey(target), saved);
      // The same schedule may be open under the other key (an admin editing their own agent).
      void queryClient.invalidateQueries({
        queryKey: availabilityKeys.all,
        predicate: (query) => query.queryKey.join('/') !== availabilityKey(target).join('/'),
      });
      void queryClient.invalidateQueries({ queryKey: slotKeys.all });
      toast.success('Availability saved');
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
