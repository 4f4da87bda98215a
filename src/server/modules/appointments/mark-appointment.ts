import {
  canMarkAppointment,
  markActionToStatus,
  type MarkAction,
} from '@domain/appointment-status';
import { conflict } from '../../errors';
import { appointmentChange, statusSubject } from './apply-change';

/** Records how a visit went: only once it has started, and only once (spec §4). */
export const markAppointment = appointmentChange((row, now, action: MarkAction) => {
  if (!canMarkAppointment(statusSubject(row), now)) {
    throw conflict(
      'This appointment cannot be marked: it has not started yet, or it is already completed, cancelled or marked as a no-show.',
    );
  }
  const status = markActionToStatus(action);
  return { values: { status }, events: [{ type: status }], outbox: [], audit: 'mark' };
});
