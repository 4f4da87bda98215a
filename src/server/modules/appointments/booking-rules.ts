import type { SlotCheck } from '@domain/slots';
import { conflict, unprocessable, type HttpError } from '../../errors';

export const SLOT_TAKEN_MESSAGE = 'This time was just booked by someone else. Pick another slot.';

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
  }
}
