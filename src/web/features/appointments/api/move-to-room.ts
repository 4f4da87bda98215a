import { toast } from 'sonner';
import type { Appointment, UpdateAppointmentBody } from '@contracts/appointments';
import { DEFAULT_DURATION_MINUTES } from '@domain/constants';
import { changeAppointment, useAppointmentWrite } from '@web/queries/appointment-writes';

/**
 * "Move to another room" (issue 42, ADR 045): the change body of the appointment as it is (same
 * time, agent and length) with the room to move it to, so the server checks the room is free for
 * the whole blocked range in the same write.
 */
export function moveToRoomBody(
  appointment: Appointment,
  resourceId: string,
): UpdateAppointmentBody {
  return {
    id: appointment._id,
    date: appointment.date,
    staff: {
      id: appointment.staff.id,
      name: appointment.staff.name,
      email: appointment.staff.email,
    },
    duration: appointment.duration || DEFAULT_DURATION_MINUTES,
    resourceId,
  };
}

/** The move, its toast (the server's own words when it refuses) and the refresh of every view. */
export function useMoveToRoom(onMoved: () => void) {
  return useAppointmentWrite(
    ({
      appointment,
      resource,
    }: {
      appointment: Appointment;
      resource: { id: string; name: string };
    }) => changeAppointment(appointment._id, moveToRoomBody(appointment, resource.id)),
    {
      onSuccess: (_data, { resource }) => {
        toast.success(`Moved to ${resource.name}`);
        onMoved();
      },
      onError: (error) => toast.error(error.message),
    },
  );
}
