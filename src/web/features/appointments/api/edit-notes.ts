import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, UpdateNotesBody } from '@contracts/appointments';
import { apiFetch } from '@web/lib/api-client';
import { appointmentPath } from './get-appointment';
import { refreshAppointmentData } from './query-keys';

export function editNotes({ id, notes }: { id: string; notes: string }) {
  const body: UpdateNotesBody = { notes: notes.trim() || null };
  return apiFetch<Appointment>(`${appointmentPath(id)}/notes`, {
    method: 'PATCH',
    body,
    fallback: 'Failed to update appointment',
  });
}

export function useEditNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editNotes,
    onSuccess: () => refreshAppointmentData(queryClient),
  });
}
