import {
  canCorrectStatus,
  correctedStatus,
  type StatusCorrection,
} from '@domain/appointment-status';
import { conflict } from '../../errors';
import { appointmentChange } from './apply-change';

/**
 * Corrects a marked visit (a mis-click on Mark as, or Undo on its toast): to another outcome at
 * any time, or back to not marked for a day after marking. The history keeps the mark and adds
 * who corrected it from what to what.
 */
export const correctStatus = appointmentChange((row, now, to: StatusCorrection) => {
  const { appointment: current } = row;
  const subject = {
    status: current.status,
    history: row.history.map((e) => ({ type: e.type, timestamp: e.timestamp, to: e.to })),
  };
  if (!canCorrectStatus(subject, to, now)) {
    throw conflict(
      to === 'UNMARKED'
        ? 'This appointment can no longer go back to not marked: that is possible only for a day after it was marked, and only for a marked visit. Mark it with the right outcome instead.'
        : 'This appointment cannot be corrected to that status: only a completed, no-show or disqualified visit can be corrected, to an outcome it does not already have.',
    );
  }
  const status = correctedStatus(subject, to);
  return {
    values: { status },
    events: [{ type: 'STATUS_CORRECTED', fromValue: current.status, toValue: status }],
    outbox: [],
    audit: 'correct',
    auditDetails: { from: current.status, to: status },
  };
});
