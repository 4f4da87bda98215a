import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAppointmentBody } from '@contracts/appointments';
import { callEndpoint } from '@web/lib/endpoint-client';
import { changeAppointmentRoute } from '@contracts/routes/appointments';
import { refreshAppointmentData } from './query-keys';

export interface AppointmentWriteCallbacks<TData, TVariables> {
  /** Runs before the refresh; the mutation stays pending until the refresh is done. */
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}

/**
 * A mutation that writes an appointment, then refreshes every appointment query and the free
 * times the pickers offer (spec §7): whichever screen wrote it, every screen shows the result.
 */
export function useAppointmentWrite<TData, TVariables>(
  write: (variables: TVariables) => Promise<TData>,
  callbacks: AppointmentWriteCallbacks<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      await refreshAppointmentData(queryClient);
    },
    onError: callbacks.onError,
  });
}

/** Spec §7 "Reschedule and reassign": PUT with the new time, the agent and the length. */
export function changeAppointment(id: string, body: UpdateAppointmentBody) {
  return callEndpoint(changeAppointmentRoute, {
    params: { id },
    body,
    fallback: 'Failed to update appointment',
  });
}
