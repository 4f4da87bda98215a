import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateNotesBody } from '@contracts/appointments';
import { callEndpoint } from '@web/lib/endpoint-client';
import { refreshAppointmentData } from './query-keys';
import { editAppointmentNotesRoute } from '@contracts/routes/appointments';

export function editNotes({ id, notes }: { id: string; notes: string }) {
  const body: UpdateNotesBody = { notes: notes.trim() || null };
  return callEndpoint(editAppointmentNotesRoute, {
    params: { id },
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
