import { unprocessable } from '../../errors';
import { appointmentChange } from './apply-change';

/**
 * Replaces the notes at any status: notes about how a visit went are written after it, and a
 * cancelled visit's notes may say why. The history says that they changed and who changed them,
 * not what they say (notes may hold clinical detail, and the history is shown to every reader).
 */
export const editNotes = appointmentChange((row, _now, rawNotes: string | null) => {
  const notes = rawNotes || null;
  if ((row.appointment.notes ?? null) === notes) {
    throw unprocessable('Nothing to change: the notes already read like this.');
  }
  return { values: { notes }, events: [{ type: 'NOTES_EDITED' }], outbox: [], audit: 'notes' };
});
