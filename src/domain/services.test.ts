import { describe, expect, it } from 'vitest';
import {
  bookingDuration,
  describeDurations,
  durationsFor,
  offersService,
  type ServiceRules,
} from './services';

const physio: ServiceRules = {
  durations: [45, 60],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  offeredByAll: false,
  agents: [
    { agentId: 'ana', durationMinutes: null },
    { agentId: 'ben', durationMinutes: 30 },
  ],
  isDefault: false,
};
const video: ServiceRules = {
  ...physio,
  durations: [30, 15],
  offeredByAll: true,
  agents: [],
  isDefault: true,
};

describe('services', () => {
  it('is offered by the agents on its list, or by everyone', () => {
    expect(offersService(physio, 'ana')).toBe(true);
    expect(offersService(physio, 'cleo')).toBe(false);
    expect(offersService(video, 'cleo')).toBe(true);
  });

  it('takes an agent’s own length over the service’s', () => {
    expect(durationsFor(physio, 'ana')).toEqual([45, 60]);
    expect(durationsFor(physio, 'ben')).toEqual([30]);
  });

  it('books the first length unless another allowed one is asked for', () => {
    expect(bookingDuration(physio, 'ana', undefined)).toEqual({ ok: true, minutes: 45 });
    expect(bookingDuration(physio, 'ana', 60)).toEqual({ ok: true, minutes: 60 });
    expect(bookingDuration(physio, 'ana', 20)).toEqual({ ok: false, allowed: [45, 60] });
    expect(bookingDuration(physio, 'ben', 45)).toEqual({ ok: false, allowed: [30] });
  });

  it('lets the default service take any length, as bookings did before services', () => {
    expect(bookingDuration(video, 'cleo', 20)).toEqual({ ok: true, minutes: 20 });
    expect(bookingDuration(video, 'cleo', undefined)).toEqual({ ok: true, minutes: 30 });
    expect(bookingDuration(video, 'cleo', 481)).toEqual({ ok: false, allowed: [30, 15] });
  });

  it('names the allowed lengths in a sentence', () => {
    expect(describeDurations([30])).toBe('30 minutes');
    expect(describeDurations([15, 30, 45])).toBe('15, 30 or 45 minutes');
  });
});
