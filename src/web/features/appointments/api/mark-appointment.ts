import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@contracts/appointments';
import type { MarkAction } from '@domain/appointment-status';
import { apiFetch } from '@web/lib/api-client';
import { appointmentPath } from './get-appointment';
import { refreshAppointmentData } from './query-keys';

/** Spec §7 "Mark": no body, so apiFetch sends no content type either. */
export function markAppointment({ id, action }: { id: string; action: MarkAction }) {
  return apiFetch<Appointment>(appointmentPath(id), {
    method: 'POST',
    query: { action },
    fallback: 'Failed to mark appointment',
  });
}

export function useMarkAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAppointment,
    onSuccess: () => refreshAppointmentData(queryClient),
  });
}
