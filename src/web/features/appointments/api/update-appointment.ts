import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeriesScope, UpdateAppointmentBody } from '@contracts/appointments';
import { DEFAULT_DURATION_MINUTES } from '@domain/constants';
import type { TimeSlot } from '@domain/slots';
import { callEndpoint } from '@web/lib/endpoint-client';
import { refreshAppointmentData } from './query-keys';
import { changeAppointmentRoute } from '@contracts/routes/appointments';

/** Spec §7 "Reschedule and reassign": the chosen slot gives the time, the agent and the length. */
export function updateBodyFromSlot(id: string, slot: TimeSlot): UpdateAppointmentBody {
  return {
    id,
    date: slot.startTime,
    staff: { id: slot.agentId, name: slot.agentName, email: slot.agentEmail },
    duration: slot.durationMinutes || DEFAULT_DURATION_MINUTES,
  };
}

export function updateAppointment({
  id,
  slot,
  scope,
}: {
  id: string;
  slot: TimeSlot;
  /** For a visit of a series: move the following ones, or all, by the same shift. */
  scope?: SeriesScope;
}) {
  return callEndpoint(changeAppointmentRoute, {
    params: { id },
    body: { ...updateBodyFromSlot(id, slot), ...(scope && scope !== 'one' ? { scope } : {}) },
    fallback: 'Failed to update appointment',
  });
}

export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointment,
    onSuccess: () => refreshAppointmentData(queryClient),
  });
}
