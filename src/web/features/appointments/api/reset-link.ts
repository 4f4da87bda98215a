import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@web/lib/endpoint-client';
import { refreshAppointmentData } from './query-keys';
import { resetAppointmentLinkRoute } from '@contracts/routes/appointments';

/** A new patient link; the old one stops working and the patient is sent the new one. */
export function resetAppointmentLink(id: string) {
  return callEndpoint(resetAppointmentLinkRoute, {
    params: { id },
    fallback: 'Failed to reset the link',
  });
}

export function useResetAppointmentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAppointmentLink,
    onSuccess: () => refreshAppointmentData(queryClient),
  });
}
