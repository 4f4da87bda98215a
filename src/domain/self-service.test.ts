import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SELF_SERVICE_POLICY,
  moveTooSoonText,
  selfServiceRefusalText,
  selfServiceState,
  type SelfServicePolicy,
} from './self-service';
import { HOUR_MS } from './zoned-time';

const start = new Date('2026-12-01T15:00:00Z');
const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * HOUR_MS);
const booked = (onlineReschedules = 0, status = 'BOOKED') => ({ start, status, onlineReschedules });

describe('selfServiceState', () => {
  it('allows both well before the cut-off, and closes both at the cut-off instant', () => {
    const policy = DEFAULT_SELF_SERVICE_POLICY;
    expect(selfServiceState(booked(), policy, at(25))).toMatchObject({
      reschedule: null,
      cancel: null,
      cutoffAt: at(24),
    });
    expect(selfServiceState(booked(), policy, new Date(at(24).getTime() - 1))).toMatchObject({
      reschedule: null,
      cancel: null,
    });
    expect(selfServiceState(booked(), policy, at(24))).toMatchObject({
      reschedule: 'past_cutoff',
      cancel: 'past_cutoff',
    });
  });

  it('follows the clinic’s switches, each on its own', () => {
    const noMoves = { ...DEFAULT_SELF_SERVICE_POLICY, allowReschedule: false };
    expect(selfServiceState(booked(), noMoves, at(48))).toMatchObject({
      reschedule: 'closed_by_clinic',
      cancel: null,
    });
    const noCancel = { ...DEFAULT_SELF_SERVICE_POLICY, allowCancel: false };
    expect(selfServiceState(booked(), noCancel, at(48))).toMatchObject({
      reschedule: null,
      cancel: 'closed_by_clinic',
    });
    const zeroMoves = { ...DEFAULT_SELF_SERVICE_POLICY, maxReschedules: 0 };
    expect(selfServiceState(booked(), zeroMoves, at(48)).reschedule).toBe('closed_by_clinic');
  });

  it('counts online moves against the limit; cancelling stays possible', () => {
    const policy = DEFAULT_SELF_SERVICE_POLICY;
    expect(selfServiceState(booked(1), policy, at(48)).reschedule).toBeNull();
    expect(selfServiceState(booked(2), policy, at(48))).toMatchObject({
      reschedule: 'move_limit',
      cancel: null,
    });
  });

  it('refuses both on a cancelled, marked or started appointment', () => {
    for (const status of ['CANCELLED', 'COMPLETED', 'NO_SHOW', 'cancelled']) {
      expect(
        selfServiceState(booked(0, status), DEFAULT_SELF_SERVICE_POLICY, at(48)),
      ).toMatchObject({ reschedule: 'not_open', cancel: 'not_open' });
    }
    const noCutoff = { ...DEFAULT_SELF_SERVICE_POLICY, cutoffHours: 0 };
    expect(selfServiceState(booked(), noCutoff, start).cancel).toBe('not_open');
  });

  it('never allows a change at or after the cut-off, whatever the policy', () => {
    fc.assert(
      fc.property(
        fc.record({
          allowReschedule: fc.boolean(),
          allowCancel: fc.boolean(),
          cutoffHours: fc.integer({ min: 0, max: 720 }),
          maxReschedules: fc.integer({ min: 0, max: 20 }),
        }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: -1000 * HOUR_MS, max: 1000 * HOUR_MS }),
        (policy: SelfServicePolicy, moves, offset) => {
          const now = new Date(start.getTime() - offset);
          const state = selfServiceState(booked(moves), policy, now);
          const beforeCutoff = now < state.cutoffAt && now < start;
          if (!beforeCutoff) {
            expect(state.reschedule).not.toBeNull();
            expect(state.cancel).not.toBeNull();
          }
          expect(state.cancel === null).toBe(beforeCutoff && policy.allowCancel);
          expect(state.reschedule === null).toBe(
            beforeCutoff && policy.allowReschedule && moves < policy.maxReschedules,
          );
        },
      ),
    );
  });
});

const withPhone = { phone: '(555) 010-2030' };
const noPhone = { phone: null };

describe('selfServiceRefusalText', () => {
  it('names the cut-off and the limit in words', () => {
    expect(
      selfServiceRefusalText(
        'past_cutoff',
        'cancel',
        { cutoffHours: 24, maxReschedules: 2 },
        withPhone,
      ),
    ).toBe(
      'Online changes close 24 hours before the visit. To have your appointment cancelled now, please call the clinic.',
    );
    expect(
      selfServiceRefusalText(
        'past_cutoff',
        'reschedule',
        { cutoffHours: 48, maxReschedules: 2 },
        withPhone,
      ),
    ).toContain('close 2 days before');
    expect(
      selfServiceRefusalText(
        'move_limit',
        'reschedule',
        { cutoffHours: 24, maxReschedules: 2 },
        withPhone,
      ),
    ).toBe(
      'This appointment has already been moved online twice, the most your clinic allows. To move it again, please call the clinic.',
    );
  });

  it('never asks to call a clinic that gave no number', () => {
    const policy = { cutoffHours: 24, maxReschedules: 2 };
    for (const refusal of ['closed_by_clinic', 'past_cutoff', 'move_limit'] as const) {
      for (const action of ['reschedule', 'cancel', 'both'] as const) {
        const text = selfServiceRefusalText(refusal, action, policy, noPhone);
        expect(text).not.toMatch(/call/i);
        expect(text).toMatch(/please contact the clinic\.$/);
        expect(selfServiceRefusalText(refusal, action, policy, withPhone)).toMatch(
          /please call the clinic\.$/,
        );
      }
    }
  });
});

describe('moveTooSoonText', () => {
  it('offers a call only where there is a number', () => {
    expect(moveTooSoonText(12, withPhone)).toBe(
      'Your clinic needs at least 12 hours’ notice of a visit booked online. Please choose a later time, or call the clinic.',
    );
    expect(moveTooSoonText(12, noPhone)).toBe(
      'Your clinic needs at least 12 hours’ notice of a visit booked online. Please choose a later time.',
    );
    expect(moveTooSoonText(0, noPhone)).toBe(
      'This time is too soon to book online. Please choose a later time.',
    );
  });
});
