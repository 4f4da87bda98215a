import type { SeriesScope } from '@contracts/appointments';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useAppointmentWrite } from '@web/queries/appointment-writes';
import { actOnAppointmentRoute } from '@contracts/routes/appointments';

export function cancelAppointment({
  id,
  reason,
  scope,
}: {
  id: string;
  reason: string;
  /** For a visit of a series; left out, only this appointment is cancelled. */
  scope?: SeriesScope;
}) {
  return callEndpoint(actOnAppointmentRoute, {
    params: { id },
    query: { action: 'cancel' },
    // Spec §5: the reason is sent trimmed.
    body: { reason: reason.trim(), ...(scope && scope !== 'one' ? { scope } : {}) },
    fallback: 'Failed to cancel appointment',
  });
}

export function useCancelAppointment() {
  return useAppointmentWrite(cancelAppointment);
}
