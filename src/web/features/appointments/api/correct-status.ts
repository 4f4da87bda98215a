import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, CorrectStatusBody } from '@contracts/appointments';
import type { StatusCorrection } from '@domain/appointment-status';
import { apiFetch } from '@web/lib/api-client';
import { appointmentPath } from './get-appointment';
import { refreshAppointmentData } from './query-keys';

/** Another outcome for a marked visit, or UNMARKED to undo the mark (Undo on its toast). */
export function correctStatus({ id, status }: { id: string; status: StatusCorrection }) {
  const body: CorrectStatusBody = { status };
  return apiFetch<Appointment>(`${appointmentPath(id)}/status`, {
    method: 'PATCH',
    body,
    fallback: 'Failed to mark appointment',
  });
}

export function useCorrectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctStatus,
    onSuccess: () => refreshAppointmentData(queryClient),
  });
}
