import { parseStatus, statusAfterReschedule } from '@domain/appointment-status';
import type { Change } from './appointment-writes';
import type { AppointmentRow } from './appointments.repository';

/**
 * What moving an appointment to a new time, length or agent writes: the row's new values and its
 * history (RESCHEDULE, REASSIGN or both). A single visit and a series' visits move alike.
 */
export function moveChange(
  row: AppointmentRow,
  to: { start: Date; duration: number; agent: { id: string; name: string } },
): Pick<Change, 'values' | 'events'> & { reschedule: boolean; reassign: boolean } {
  const current = row.appointment;
  const reschedule =
    to.start.getTime() !== current.startAt.getTime() || to.duration !== current.duration;
  const reassign = to.agent.id !== current.staffId;
  return {
    reschedule,
    reassign,
    values: {
      startAt: to.start,
      endAt: new Date(to.start.getTime() + to.duration * 60_000),
      duration: to.duration,
      staffId: to.agent.id,
      // The patient confirmed the old time, not this one.
      ...(reschedule
        ? { status: statusAfterReschedule(parseStatus(current.status) ?? 'BOOKED') }
        : {}),
    },
    events: [
      ...(reschedule
        ? [
            {
              type: 'RESCHEDULE',
              fromValue: current.startAt.toISOString(),
              toValue: to.start.toISOString(),
            },
          ]
        : []),
      ...(reassign
        ? [{ type: 'REASSIGN', fromValue: row.agent.name, toValue: to.agent.name }]
        : []),
    ],
  };
}
