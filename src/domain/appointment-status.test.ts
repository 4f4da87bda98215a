import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_STATUSES,
  canConfirmAppointment,
  isOpenStatus,
  statusAfterReschedule,
  statusBeforeMarking,
  APPOINTMENT_STATUSES,
  badgeVariant,
  canChangeAppointment,
  canMarkAppointment,
  COUNT_BUCKETS,
  countBucketOf,
  emptyCounts,
  INITIAL_APPOINTMENT_STATUS,
  isMarkAction,
  MARK_ACTIONS,
  markActionToStatus,
  normalizeStatus,
  occupiesSlot,
  parseStatus,
  statusLabel,
  tallyCounts,
} from './appointment-status';

const NOW = new Date('2026-11-21T15:30:00.000Z');
const PAST = '2026-11-21T15:00:00.000Z';
const FUTURE = '2026-11-21T16:00:00.000Z';
const EXACTLY_NOW = NOW.toISOString();

// Spellings the spec says occur, plus a missing status and one we do not know.
const statusArb = fc.constantFrom(
  ...APPOINTMENT_STATUSES,
  ...APPOINTMENT_STATUSES.map((status) => status.toLowerCase()),
  '',
  null,
  undefined,
  'pending_review',
);
const offsetArb = fc.integer({ min: -30 * 86_400_000, max: 30 * 86_400_000 });

describe('normalizeStatus and parseStatus', () => {
  it.each([
    ['completed', 'COMPLETED', 'COMPLETED'],
    [' no_show ', 'NO_SHOW', 'NO_SHOW'],
    ['Cancelled', 'CANCELLED', 'CANCELLED'],
    ['scheduled', 'SCHEDULED', 'SCHEDULED'],
    ['', '', null],
    [null, '', null],
    [undefined, '', null],
    ['rescheduled', 'RESCHEDULED', null],
  ])('%j normalizes to %j and parses to %j', (input, normalized, parsed) => {
    expect(normalizeStatus(input)).toBe(normalized);
    expect(parseStatus(input)).toBe(parsed);
  });

  it('starts every appointment as BOOKED', () => {
    expect(INITIAL_APPOINTMENT_STATUS).toBe('BOOKED');
  });
});

describe('slot occupancy', () => {
  it('frees the slot only on cancellation', () => {
    expect(ACTIVE_STATUSES).toEqual(APPOINTMENT_STATUSES.filter((s) => s !== 'CANCELLED'));
    for (const status of APPOINTMENT_STATUSES) {
      expect(occupiesSlot(status)).toBe(status !== 'CANCELLED');
      expect(occupiesSlot(status.toLowerCase())).toBe(status !== 'CANCELLED');
    }
    expect(occupiesSlot('something_new')).toBe(true);
  });
});

describe('mark actions', () => {
  it.each([
    ['completed', 'COMPLETED'],
    ['disqualified', 'DISQUALIFIED'],
    ['no_show', 'NO_SHOW'],
  ] as const)('%s sets %s', (action, status) => {
    expect(isMarkAction(action)).toBe(true);
    expect(markActionToStatus(action)).toBe(status);
  });

  it('knows exactly the three spec actions', () => {
    expect(MARK_ACTIONS).toEqual(['completed', 'disqualified', 'no_show']);
    expect(isMarkAction('cancel')).toBe(false);
    expect(isMarkAction('COMPLETED')).toBe(false);
  });
});

describe('action availability (spec §4)', () => {
  it.each([
    // date, status, can mark, can reschedule/reassign/cancel
    [PAST, 'BOOKED', true, false],
    [PAST, 'scheduled', true, false],
    [PAST, 'CONFIRMED', true, false],
    // Disqualified is marked like the other outcomes: it is corrected, not marked again.
    [PAST, 'DISQUALIFIED', false, false],
    [PAST, 'COMPLETED', false, false],
    [PAST, 'completed', false, false],
    [PAST, 'CANCELLED', false, false],
    [PAST, 'cancelled', false, false],
    [PAST, 'NO_SHOW', false, false],
    [PAST, 'no_show', false, false],
    [PAST, undefined, true, false],
    [EXACTLY_NOW, 'BOOKED', true, false],
    [FUTURE, 'BOOKED', false, true],
    [FUTURE, 'confirmed', false, true],
    [FUTURE, 'COMPLETED', false, true],
    [FUTURE, 'NO_SHOW', false, true],
    [FUTURE, 'CANCELLED', false, false],
    [FUTURE, 'cancelled', false, false],
    [FUTURE, null, false, true],
    ['not a date', 'BOOKED', false, false],
  ])('start %s, status %j: mark %s, change %s', (date, status, mark, change) => {
    expect(canMarkAppointment({ date, status }, NOW)).toBe(mark);
    expect(canChangeAppointment({ date, status }, NOW)).toBe(change);
  });

  it('accepts Date objects and epoch milliseconds as well as ISO strings', () => {
    expect(canMarkAppointment({ date: new Date(PAST), status: 'BOOKED' }, NOW)).toBe(true);
    expect(canChangeAppointment({ date: Date.parse(FUTURE), status: 'BOOKED' }, NOW)).toBe(true);
  });

  it('never offers Mark as and a change at once, and ignores the case of the status', () => {
    fc.assert(
      fc.property(offsetArb, statusArb, (offset, status) => {
        const date = new Date(NOW.getTime() + offset);
        const mark = canMarkAppointment({ date, status }, NOW);
        const change = canChangeAppointment({ date, status }, NOW);
        expect(mark && change).toBe(false);
        if (change) expect(offset).toBeGreaterThan(0);
        if (mark) expect(offset).toBeLessThanOrEqual(0);
        const upper = status?.toUpperCase();
        expect(canMarkAppointment({ date, status: upper }, NOW)).toBe(mark);
        expect(canChangeAppointment({ date, status: upper }, NOW)).toBe(change);
      }),
    );
  });
});

describe('badgeVariant (spec §4 badge styles)', () => {
  it.each([
    ['confirmed', 'default'],
    ['CONFIRMED', 'default'],
    ['completed', 'default'],
    ['COMPLETED', 'default'],
    ['scheduled', 'secondary'],
    ['BOOKED', 'secondary'],
    ['DISQUALIFIED', 'secondary'],
    ['whatever', 'secondary'],
    [undefined, 'secondary'],
    ['cancelled', 'destructive'],
    ['CANCELLED', 'destructive'],
    ['no_show', 'destructive'],
    ['NO_SHOW', 'destructive'],
  ])('%j is %s', (status, variant) => {
    expect(badgeVariant(status)).toBe(variant);
  });
});

describe('statusLabel', () => {
  it.each([
    ['BOOKED', 'Booked'],
    ['scheduled', 'Scheduled'],
    ['CONFIRMED', 'Confirmed'],
    ['completed', 'Completed'],
    ['CANCELLED', 'Cancelled'],
    ['NO_SHOW', 'No show'],
    ['no_show', 'No show'],
    ['DISQUALIFIED', 'Disqualified'],
    ['', 'Scheduled'],
    [null, 'Scheduled'],
    [undefined, 'Scheduled'],
    ['AWAITING_PAYMENT', 'Awaiting payment'],
  ])('%j reads %j', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });
});

describe('counts (docs/architecture.md, "Counts")', () => {
  it('has the spec buckets, all starting at zero', () => {
    expect(COUNT_BUCKETS).toEqual([
      'all',
      'upcoming',
      'pending',
      'completed',
      'cancelled',
      'no_show',
    ]);
    expect(emptyCounts()).toEqual({
      all: 0,
      upcoming: 0,
      pending: 0,
      completed: 0,
      cancelled: 0,
      no_show: 0,
    });
    expect(emptyCounts()).not.toBe(emptyCounts());
  });

  it.each([
    [FUTURE, 'BOOKED', 'upcoming'],
    [FUTURE, 'scheduled', 'upcoming'],
    [FUTURE, 'CONFIRMED', 'upcoming'],
    [FUTURE, undefined, 'upcoming'],
    [PAST, 'BOOKED', 'pending'],
    [EXACTLY_NOW, 'confirmed', 'pending'],
    [PAST, 'completed', 'completed'],
    [FUTURE, 'COMPLETED', 'completed'],
    [PAST, 'CANCELLED', 'cancelled'],
    [FUTURE, 'cancelled', 'cancelled'],
    [PAST, 'no_show', 'no_show'],
    [PAST, 'DISQUALIFIED', null],
    [FUTURE, 'DISQUALIFIED', null],
    ['garbage', 'BOOKED', null],
  ])('start %s, status %j counts as %j', (date, status, bucket) => {
    expect(countBucketOf({ date, status }, NOW)).toBe(bucket);
  });

  it('pending means Mark as is available, upcoming means changes are', () => {
    fc.assert(
      fc.property(offsetArb, statusArb, (offset, status) => {
        const appointment = { date: new Date(NOW.getTime() + offset), status };
        const bucket = countBucketOf(appointment, NOW);
        if (bucket === 'pending') expect(canMarkAppointment(appointment, NOW)).toBe(true);
        if (bucket === 'upcoming') expect(canChangeAppointment(appointment, NOW)).toBe(true);
      }),
    );
  });

  it('tallies every appointment in all and at most one other bucket', () => {
    const appointmentArb = fc.record({
      date: offsetArb.map((offset) => new Date(NOW.getTime() + offset)),
      status: statusArb,
    });
    fc.assert(
      fc.property(fc.array(appointmentArb, { maxLength: 40 }), (appointments) => {
        const counts = tallyCounts(appointments, NOW);
        expect(counts.all).toBe(appointments.length);
        const inBuckets = counts.upcoming + counts.pending + counts.completed;
        const disqualified = appointments.filter(
          (a) => normalizeStatus(a.status) === 'DISQUALIFIED',
        ).length;
        expect(inBuckets + counts.cancelled + counts.no_show + disqualified).toBe(counts.all);
      }),
    );
  });
});

describe('confirmation', () => {
  const now = new Date('2027-03-09T12:00:00Z');
  const later = '2027-03-10T12:00:00Z';
  it('is open to upcoming open appointments not yet confirmed', () => {
    expect(canConfirmAppointment({ date: later, status: 'BOOKED' }, now)).toBe(true);
    expect(canConfirmAppointment({ date: later, status: 'scheduled' }, now)).toBe(true);
    expect(canConfirmAppointment({ date: later, status: 'CONFIRMED' }, now)).toBe(false);
    expect(canConfirmAppointment({ date: later, status: 'CANCELLED' }, now)).toBe(false);
    expect(canConfirmAppointment({ date: later, status: 'COMPLETED' }, now)).toBe(false);
    expect(canConfirmAppointment({ date: now, status: 'BOOKED' }, now)).toBe(false);
  });

  it('a reschedule returns a confirmed appointment to BOOKED, for the history too', () => {
    expect(statusAfterReschedule('CONFIRMED')).toBe('BOOKED');
    expect(statusAfterReschedule('SCHEDULED')).toBe('SCHEDULED');
    expect(isOpenStatus('confirmed')).toBe(true);
    expect(isOpenStatus('NO_SHOW')).toBe(false);
    expect(
      statusBeforeMarking([
        { type: 'BOOKED' },
        { type: 'CONFIRMED' },
        { type: 'RESCHEDULE' },
        { type: 'COMPLETED' },
      ]),
    ).toBe('BOOKED');
    expect(
      statusBeforeMarking([{ type: 'BOOKED' }, { type: 'RESCHEDULE' }, { type: 'CONFIRMED' }]),
    ).toBe('CONFIRMED');
  });
});
