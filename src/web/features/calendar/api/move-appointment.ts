import { toast } from 'sonner';
import type { Appointment, UpdateAppointmentBody } from '@contracts/appointments';
import { DEFAULT_DURATION_MINUTES } from '@domain/constants';
import { isOutsideBusyRefusal } from '@web/lib/outside-busy';
import { changeAppointment, useAppointmentWrite } from '@web/queries/appointment-writes';

export interface MoveRequest {
  appointment: Appointment;
  /** The new start, as an instant. */
  start: Date;
  /** The agent after the move; the current one when only the time changes. */
  staff?: { id: string; name: string; email: string };
  duration?: number;
  /** Staff chose "Book anyway" over the provider's outside calendar (ADR 053). */
  overrideOutsideBusy?: boolean;
}

/** Spec §7 "Reschedule and reassign": PUT with the new time, the agent and the length. */
export function moveBody({
  appointment,
  start,
  staff,
  duration,
  overrideOutsideBusy,
}: MoveRequest): UpdateAppointmentBody {
  const agent = staff ?? appointment.staff;
  return {
    id: appointment._id,
    date: start.toISOString(),
    staff: { id: agent.id, name: agent.name, email: agent.email },
    duration: duration ?? (appointment.duration || DEFAULT_DURATION_MINUTES),
    ...(overrideOutsideBusy ? { overrideOutsideBusy: true } : {}),
  };
}

/**
 * Reschedules from the calendar: the same change as the appointments screens make, with the
 * same refresh. Success and failure both end in a toast (spec §8): the server's own words when it
 * refuses (taken slot, outside the agent's hours). A refusal over the provider's outside calendar
 * is the caller's to show, with its "Book anyway".
 */
export function useMoveAppointment() {
  const move = (request: MoveRequest) =>
    changeAppointment(request.appointment._id, moveBody(request));
  return useAppointmentWrite(move, {
    onSuccess: () => toast.success('Appointment updated successfully'),
    onError: (error) => {
      if (!isOutsideBusyRefusal(error)) toast.error(error.message);
    },
  });
}
