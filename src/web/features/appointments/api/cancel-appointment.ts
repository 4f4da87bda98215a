import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actOnAppointmentEndpoint } from '@contracts/appointments';
import { callEndpoint } from '@web/lib/endpoint-client';
import { refreshAppointmentData } from './query-keys';

export function cancelAppointment({ id, reason }: { id: string; reason: string }) {
  return callEndpoint(actOnAppointmentEndpoint, {
    params: { id },
    query: { action: 'cancel' },
    // Spec §5: the reason is sent trimmed.
    body: { reason: reason.trim() },
    fallback: 'Failed to cancel appointment',
  });
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: () => refreshAppointmentData(queryClient),
  });
}
