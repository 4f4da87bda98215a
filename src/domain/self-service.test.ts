import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SELF_SERVICE_POLICY,
  moveTooSoonSentence,
  selfServiceRefusalSentence,
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

// The words are the server's catalogue (server/core/policy-sentences.test.ts); the rule gives the
// sentence and its numbers.
describe('selfServiceRefusalSentence', () => {
  it('names the cut-off as a span and the limit as a count', () => {
    const policy = { cutoffHours: 24, maxReschedules: 2 };
    expect(selfServiceRefusalSentence('past_cutoff', 'cancel', policy, withPhone)).toEqual({
      id: 'selfService.pastCutoff',
      values: { action: 'cancel', phone: 'yes', unit: 'hour', count: 24 },
    });
    expect(
      selfServiceRefusalSentence('past_cutoff', 'both', { ...policy, cutoffHours: 48 }, noPhone)
        .values,
    ).toEqual({ action: 'both', phone: 'no', unit: 'day', count: 2 });
    expect(selfServiceRefusalSentence('move_limit', 'reschedule', policy, withPhone)).toEqual({
      id: 'selfService.moveLimit',
      values: { action: 'reschedule', phone: 'yes', count: 2 },
    });
    expect(selfServiceRefusalSentence('not_open', 'reschedule', policy, { phone: ' ' })).toEqual({
      id: 'selfService.notOpen',
      values: { action: 'reschedule', phone: 'no' },
    });
  });
});

describe('moveTooSoonSentence', () => {
  it('says the notice in hours or days, or none', () => {
    expect(moveTooSoonSentence(12, withPhone).values).toEqual({
      unit: 'hour',
      count: 12,
      phone: 'yes',
    });
    expect(moveTooSoonSentence(72, noPhone).values).toEqual({ unit: 'day', count: 3, phone: 'no' });
    expect(moveTooSoonSentence(0, noPhone).values).toEqual({ unit: 'none', count: 0, phone: 'no' });
  });
});
