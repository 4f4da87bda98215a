import type { SlotCheck } from '@domain/slots';
import { conflict, HttpError, unprocessable } from '../../errors';

export const SLOT_TAKEN_MESSAGE = 'This time was just booked by someone else. Pick another slot.';

/** Busy in the agent's outside calendar (ADR 053): staff may book anyway, and that is audited. */
export const outsideBusyMessage = (agentName: string) =>
  `${agentName} is busy in their outside calendar at this time. Pick another slot.`;

/** A refused slot as an error a person can act on. */
export function slotRefusal(check: Exclude<SlotCheck, { ok: true }>, agentName: string): HttpError {
  switch (check.reason) {
    case 'taken':
      return conflict(SLOT_TAKEN_MESSAGE);
    case 'too_soon':
      return unprocessable(
        'This time has already passed or is too soon to book. Pick a later slot.',
      );
    case 'beyond_horizon':
      return unprocessable('This time is too far ahead to book. Pick an earlier slot.');
    case 'outside_availability':
      return unprocessable(`${agentName} is not available at this time. Pick another slot.`);
    case 'outside_busy':
      // Its own code: the staff app offers to book anyway (overrideOutsideBusy), audited.
      return new HttpError(409, 'outside_busy', outsideBusyMessage(agentName));
  }
}
