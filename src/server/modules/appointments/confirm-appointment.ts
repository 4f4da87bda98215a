import { canConfirmAppointment, normalizeStatus } from '@domain/appointment-status';
import { conflict } from '../../errors';
import { appointmentChange, statusSubject } from './apply-change';

export const CONFIRM_REFUSED =
  'This appointment cannot be confirmed: it has started, or it is cancelled or already marked.';

/**
 * Staff record that the patient will come (a phone call, a word at the desk), in their own
 * name. Confirming a confirmed appointment changes nothing and answers it as it is.
 */
export const confirmAppointment = appointmentChange((row, now) => {
  const { appointment: current } = row;
  if (normalizeStatus(current.status) === 'CONFIRMED' && current.startAt > now) return null;
  if (!canConfirmAppointment(statusSubject(row), now)) throw conflict(CONFIRM_REFUSED);
  return {
    values: { status: 'CONFIRMED' },
    events: [{ type: 'CONFIRMED' }],
    outbox: [],
    audit: 'confirm',
  };
});
