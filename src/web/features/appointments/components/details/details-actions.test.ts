import { describe, expect, it } from 'vitest';
import { visibleActions } from './details-actions';

const now = new Date('2026-11-21T15:00:00Z');
const at = (iso: string, status?: string) => ({ date: iso, metadata: { status } });
const past = '2026-11-21T14:00:00Z';
const future = '2026-11-21T16:00:00Z';

describe('visibleActions (spec §4, §6)', () => {
  it('offers Mark as once the start has come, until a final status', () => {
    expect(visibleActions(at(past, 'BOOKED'), 'staff', now).mark).toBe(true);
    expect(visibleActions(at(now.toISOString(), 'confirmed'), 'staff', now).mark).toBe(true);
    for (const status of ['COMPLETED', 'completed', 'CANCELLED', 'no_show', 'DISQUALIFIED']) {
      expect(visibleActions(at(past, status), 'staff', now).mark).toBe(false);
    }
    expect(visibleActions(at(future, 'BOOKED'), 'staff', now).mark).toBe(false);
  });

  it('offers Reschedule, Reassign and Cancel only before the start and while not cancelled', () => {
    expect(visibleActions(at(future, 'BOOKED'), 'admin', now)).toEqual({
      mark: false,
      confirm: true,
      corrections: [],
      reschedule: true,
      reassign: true,
      cancel: true,
    });
    expect(visibleActions(at(future, 'cancelled'), 'admin', now)).toEqual({
      mark: false,
      confirm: false,
      corrections: [],
      reschedule: false,
      reassign: false,
      cancel: false,
    });
    expect(visibleActions(at(past, 'BOOKED'), 'admin', now).reschedule).toBe(false);
  });

  it('offers Confirm before the start until the patient or staff have confirmed', () => {
    expect(visibleActions(at(future, 'BOOKED'), 'nurse', now).confirm).toBe(true);
    expect(visibleActions(at(future, 'CONFIRMED'), 'staff', now).confirm).toBe(false);
    expect(visibleActions(at(past, 'BOOKED'), 'staff', now).confirm).toBe(false);
  });

  it('hides Reassign from nurses, in any spelling, and until the role is known', () => {
    expect(visibleActions(at(future), 'nurse', now).reassign).toBe(false);
    expect(visibleActions(at(future), 'Nurse', now).reassign).toBe(false);
    expect(visibleActions(at(future), undefined, now).reassign).toBe(false);
    expect(visibleActions(at(future), 'nurse', now).reschedule).toBe(true);
    for (const role of ['provider', 'staff', 'admin']) {
      expect(visibleActions(at(future), role, now).reassign).toBe(true);
    }
  });

  it('offers Correct status instead of Mark as once marked, disqualified included', () => {
    const marked = (status: string) => ({
      ...at(past, status),
      statusHistory: [
        { type: status, timestamp: past, reason: null, from: null, to: null, by: 'Sam' },
      ],
    });
    expect(visibleActions(marked('DISQUALIFIED'), 'staff', now).corrections).toEqual([
      'COMPLETED',
      'NO_SHOW',
      'UNMARKED',
    ]);
    expect(visibleActions(marked('COMPLETED'), 'staff', now).mark).toBe(false);
    expect(visibleActions(at(past, 'BOOKED'), 'staff', now).corrections).toEqual([]);
  });
});
