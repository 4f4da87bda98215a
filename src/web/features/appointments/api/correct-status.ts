import type { CorrectStatusBody } from '@contracts/appointments';
import type { StatusCorrection } from '@domain/appointment-status';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useAppointmentWrite } from '@web/queries/appointment-writes';
import { correctAppointmentStatusRoute } from '@contracts/routes/appointments';

/** Another outcome for a marked visit, or UNMARKED to undo the mark (Undo on its toast). */
export function correctStatus({ id, status }: { id: string; status: StatusCorrection }) {
  const body: CorrectStatusBody = { status };
  return callEndpoint(correctAppointmentStatusRoute, {
    params: { id },
    body,
    fallback: 'Failed to mark appointment',
  });
}

export function useCorrectStatus() {
  return useAppointmentWrite(correctStatus);
}
