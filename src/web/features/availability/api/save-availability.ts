import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AvailabilityResponse, SaveAvailabilityBody } from '@contracts/availability';
import { apiFetch } from '@web/lib/api-client';
import { slotsQueryKey } from '@web/features/slots/api/get-slots';
import {
  availabilityKey,
  availabilityPath,
  availabilityQueryKey,
  type AvailabilityTarget,
} from './get-availability';

/** Saves a whole schedule; bookable times everywhere are refetched, since they follow it. */
export function useSaveAvailability(target: AvailabilityTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAvailabilityBody) =>
      apiFetch<AvailabilityResponse>(availabilityPath(target), {
        method: 'PUT',
        body,
        fallback: 'Failed to save availability',
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(availabilityKey(target), saved);
      // The same schedule may be open under the other key (an admin editing their own agent).
      void queryClient.invalidateQueries({
        queryKey: availabilityQueryKey,
        predicate: (query) => query.queryKey.join('/') !== availabilityKey(target).join('/'),
      });
      void queryClient.invalidateQueries({ queryKey: slotsQueryKey });
      toast.success('Availability saved');
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
