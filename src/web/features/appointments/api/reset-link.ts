import { callEndpoint } from '@web/lib/endpoint-client';
import { useAppointmentWrite } from '@web/queries/appointment-writes';
import { resetAppointmentLinkRoute } from '@contracts/routes/appointments';

/** A new patient link; the old one stops working and the patient is sent the new one. */
export function resetAppointmentLink(id: string) {
  return callEndpoint(resetAppointmentLinkRoute, {
    params: { id },
    fallback: 'Failed to reset the link',
  });
}

export function useResetAppointmentLink() {
  return useAppointmentWrite(resetAppointmentLink);
}
