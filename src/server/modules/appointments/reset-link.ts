import { canChangeAppointment } from '@domain/appointment-status';
import { conflict } from '../../errors';
import { newSessionToken } from '../../security/session-token';
import { outboxRow } from '../notifications';
import { appointmentChange, statusSubject } from './apply-change';
import { appointmentSnapshot } from './appointment-snapshot';

export const LINK_RESET_REFUSED =
  'This link can no longer be reset: the appointment has started or was cancelled.';

/**
 * Staff replace the patient's link (it was forwarded to the wrong person, or leaked): a new
 * token, the old one unknown from this commit on, and the patient sent the new link. The only
 * way a link changes (ADR 016).
 */
export const resetLink = appointmentChange((row, now) => {
  if (!canChangeAppointment(statusSubject(row), now)) throw conflict(LINK_RESET_REFUSED);
  const token = newSessionToken();
  return {
    values: { token },
    events: [{ type: 'LINK_RESET' }],
    outbox: [outboxRow('link_reset', appointmentSnapshot(row, { token }))],
    audit: 'link_reset',
  };
});
