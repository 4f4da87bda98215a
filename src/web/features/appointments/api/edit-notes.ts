import type { UpdateNotesBody } from '@contracts/appointments';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useAppointmentWrite } from '@web/queries/appointment-writes';
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
  return useAppointmentWrite(editNotes);
}
