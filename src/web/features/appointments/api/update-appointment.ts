import type { SeriesScope, UpdateAppointmentBody } from '@contracts/appointments';
import { DEFAULT_DURATION_MINUTES } from '@domain/constants';
import type { TimeSlot } from '@domain/slots';
import { changeAppointment, useAppointmentWrite } from '@web/queries/appointment-writes';

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
  overrideOutsideBusy,
}: {
  id: string;
  slot: TimeSlot;
  /** For a visit of a series: move the following ones, or all, by the same shift. */
  scope?: SeriesScope;
  /** Staff chose "Book anyway" over the provider's outside calendar (ADR 053). */
  overrideOutsideBusy?: boolean;
}) {
  return changeAppointment(id, {
    ...updateBodyFromSlot(id, slot),
    ...(scope && scope !== 'one' ? { scope } : {}),
    ...(overrideOutsideBusy ? { overrideOutsideBusy: true } : {}),
  });
}

export function useUpdateAppointment() {
  return useAppointmentWrite(updateAppointment);
}
