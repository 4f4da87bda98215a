import type { MarkAction } from '@domain/appointment-status';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useAppointmentWrite } from '@web/queries/appointment-writes';
import { actOnAppointmentRoute } from '@contracts/routes/appointments';

/** Spec §7 "Mark": no body, so no content type either. */
export function markAppointment({ id, action }: { id: string; action: MarkAction }) {
  return callEndpoint(actOnAppointmentRoute, {
    params: { id },
    query: { action },
    fallback: 'Failed to mark appointment',
  });
}

export function useMarkAppointment() {
  return useAppointmentWrite(markAppointment);
}

/** Staff record the patient's confirmation (a phone call, a word at the desk) in their name. */
export function confirmAppointment(id: string) {
  return callEndpoint(actOnAppointmentRoute, {
    params: { id },
    query: { action: 'confirm' },
    fallback: 'Failed to confirm appointment',
  });
}

export function useConfirmAppointment() {
  return useAppointmentWrite(confirmAppointment);
}
