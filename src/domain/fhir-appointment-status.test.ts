import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from './appointment-status';
import {
  FHIR_APPOINTMENT_STATUSES,
  fhirStatusChange,
  storedStatusesFor,
  toFhirStatus,
} from './fhir-appointment-status';

describe('toFhirStatus', () => {
  it.each([
    ['BOOKED', 'booked'],
    ['scheduled', 'booked'],
    ['CONFIRMED', 'booked'],
    ['completed', 'fulfilled'],
    ['CANCELLED', 'cancelled'],
    ['no_show', 'noshow'],
    ['DISQUALIFIED', 'cancelled'],
    ['SOMETHING_NEW', 'booked'],
  ])('reads %s as %s', (ours, fhir) => {
    expect(toFhirStatus(ours)).toBe(fhir);
  });

  it('gives every stored status a FHIR code, and a search by each code finds its statuses', () => {
    for (const status of APPOINTMENT_STATUSES) {
      expect(storedStatusesFor(toFhirStatus(status))).toContain(status);
    }
    expect(storedStatusesFor('booked')).toEqual(['BOOKED', 'SCHEDULED', 'CONFIRMED']);
    expect(storedStatusesFor('cancelled')).toEqual(['CANCELLED', 'DISQUALIFIED']);
    expect(storedStatusesFor('arrived')).toEqual([]);
  });
});

describe('fhirStatusChange', () => {
  it.each([
    ['BOOKED', 'booked', { kind: 'none' }],
    ['CONFIRMED', 'booked', { kind: 'none' }],
    ['BOOKED', 'cancelled', { kind: 'cancel' }],
    ['SCHEDULED', 'fulfilled', { kind: 'mark', action: 'completed' }],
    ['BOOKED', 'noshow', { kind: 'mark', action: 'no_show' }],
    ['COMPLETED', 'noshow', { kind: 'correct', to: 'NO_SHOW' }],
    ['NO_SHOW', 'fulfilled', { kind: 'correct', to: 'COMPLETED' }],
    ['DISQUALIFIED', 'fulfilled', { kind: 'correct', to: 'COMPLETED' }],
    ['COMPLETED', 'booked', { kind: 'correct', to: 'UNMARKED' }],
    ['DISQUALIFIED', 'cancelled', { kind: 'none' }],
  ] as const)('%s asked to be %s is %j', (current, requested, change) => {
    expect(fhirStatusChange(current, requested)).toEqual(change);
  });

  it('refuses to bring back a cancelled appointment, or to cancel a marked visit', () => {
    expect(fhirStatusChange('CANCELLED', 'booked')).toMatchObject({ kind: 'refuse' });
    expect(fhirStatusChange('CANCELLED', 'fulfilled')).toMatchObject({ kind: 'refuse' });
    expect(fhirStatusChange('COMPLETED', 'cancelled')).toMatchObject({ kind: 'refuse' });
  });

  it('refuses the statuses this product does not keep', () => {
    const kept = ['booked', 'cancelled', 'fulfilled', 'noshow'];
    for (const status of FHIR_APPOINTMENT_STATUSES.filter((s) => !kept.includes(s))) {
      expect(fhirStatusChange('BOOKED', status)).toMatchObject({
        kind: 'refuse',
        reason: expect.stringContaining(status),
      });
    }
  });

  it('refuses to change an appointment whose stored status it does not know', () => {
    expect(fhirStatusChange('WHATEVER', 'cancelled')).toMatchObject({ kind: 'refuse' });
  });
});
