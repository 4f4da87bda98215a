import { useMutation } from '@tanstack/react-query';
import type { SaveAvailabilityBody, VisitsOutsideHoursResponse } from '@contracts/availability';
import { callEndpoint } from '@web/lib/endpoint-client';
import {
  checkAgentVisitsOutsideHoursRoute,
  checkOwnVisitsOutsideHoursRoute,
} from '@contracts/routes/availability';
import type { AvailabilityTarget } from './get-availability';

/** Which booked visits the proposed hours leave outside them; nothing is saved. */
export function checkVisitsOutsideHours(
  target: AvailabilityTarget,
  body: SaveAvailabilityBody,
): Promise<VisitsOutsideHoursResponse> {
  const fallback = 'Failed to check the booked visits';
  return target.kind === 'own'
    ? callEndpoint(checkOwnVisitsOutsideHoursRoute, { body, fallback })
    : callEndpoint(checkAgentVisitsOutsideHoursRoute, {
        params: { id: target.agentId },
        body,
        fallback,
      });
}

export function useCheckVisitsOutsideHours(target: AvailabilityTarget) {
  return useMutation({
    mutationFn: (body: SaveAvailabilityBody) => checkVisitsOutsideHours(target, body),
  });
}
