import { useMutation } from '@tanstack/react-query';
import type { SaveAvailabilityBody } from '@contracts/availability';
import {
  checkAgentVisitsOutsideHoursRoute,
  checkOwnVisitsOutsideHoursRoute,
} from '@contracts/routes/availability';
import { scheduleEndpoint, type AvailabilityTarget } from './get-availability';

/** Which booked visits the proposed hours leave outside them; nothing is saved. */
export const checkVisitsOutsideHours = scheduleEndpoint(
  { own: checkOwnVisitsOutsideHoursRoute, agent: checkAgentVisitsOutsideHoursRoute },
  'Failed to check the booked visits',
);

export function useCheckVisitsOutsideHours(target: AvailabilityTarget) {
  return useMutation({
    mutationFn: (body: SaveAvailabilityBody) => checkVisitsOutsideHours(target, { body }),
  });
}
