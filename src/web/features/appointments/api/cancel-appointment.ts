import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@contracts/appointments';
import { apiFetch } from '@web/lib/api-client';
import { appointmentPath } from './get-appointment';
import { refreshAppointmentData } from './query-keys';

export function cancelAppointment({ id, reason }: { id: string; reason: string }) {
  return apiFetch<Appointment>(appointmentPath(id), {
    method: 'POST',
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
