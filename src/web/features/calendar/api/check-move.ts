import { queryOptions } from '@tanstack/react-query';
import type { Appointment } from '@contracts/appointments';
import { callEndpoint } from '@web/lib/endpoint-client';
import { checkAppointmentMoveRoute } from '@contracts/routes/appointments';
import { moveBody } from './move-appointment';
import { appointmentKeys } from '@web/queries/query-keys';

/**
 * What a drop would meet, asked before the move is confirmed (ADR 034): a taken time showed
 * nothing until the server refused it. Never reused: the answer is about this moment.
 */
export function moveCheckQueryOptions(appointment: Appointment, start: Date) {
  return queryOptions({
    queryKey: appointmentKeys.moveCheck(appointment._id, start.toISOString()),
    queryFn: ({ signal }) =>
      callEndpoint(checkAppointmentMoveRoute, {
        params: { id: appointment._id },
        body: moveBody({ appointment, start }),
        signal,
        fallback: 'Failed to check the new time',
      }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
