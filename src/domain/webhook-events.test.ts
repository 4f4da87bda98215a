import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  feedEventSummary,
  shouldDisableEndpoint,
  WEBHOOK_EVENTS,
  webhookEventsOf,
  webhookRetryDelayMs,
} from './webhook-events';

describe('webhookEventsOf', () => {
  it('names each change by its history entry', () => {
    expect(webhookEventsOf(['BOOKED'])).toEqual(['appointment.created']);
    expect(webhookEventsOf(['RESCHEDULE', 'REASSIGN'])).toEqual([
      'appointment.rescheduled',
      'appointment.reassigned',
    ]);
    expect(webhookEventsOf(['CANCELLED'])).toEqual(['appointment.cancelled']);
    expect(webhookEventsOf(['confirmed'])).toEqual(['appointment.confirmed']);
    expect(webhookEventsOf(['NO_SHOW'])).toEqual(['appointment.status_changed']);
    expect(webhookEventsOf(['STATUS_CORRECTED'])).toEqual(['appointment.status_changed']);
  });

  it('emits nothing for entries no other system needs, and each event once', () => {
    expect(webhookEventsOf(['NOTES_EDITED', 'LINK_RESET', 'PATIENT_JOINED'])).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.string()), (types) => {
        const events = webhookEventsOf(types);
        expect(new Set(events).size).toBe(events.length);
        for (const e of events) expect(WEBHOOK_EVENTS).toContain(e);
      }),
    );
  });
});

describe('webhookRetryDelayMs', () => {
  it('retries the first failure within a minute and never waits over an hour', () => {
    expect(webhookRetryDelayMs(1)).toBeLessThanOrEqual(60_000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (n) => {
        const delay = webhookRetryDelayMs(n);
        expect(delay).toBeGreaterThan(0);
        expect(delay).toBeLessThanOrEqual(3_600_000);
        expect(webhookRetryDelayMs(n + 1)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });
});

describe('shouldDisableEndpoint', () => {
  it('disables after a whole day of failures, not before', () => {
    const since = new Date('2027-01-01T00:00:00Z');
    expect(shouldDisableEndpoint(since, new Date('2027-01-01T23:59:59Z'))).toBe(false);
    expect(shouldDisableEndpoint(since, new Date('2027-01-02T00:00:00Z'))).toBe(true);
  });
});

describe('feedEventSummary', () => {
  it('carries the first name and initial, or nothing', () => {
    expect(feedEventSummary('initial', { firstName: 'Jane', lastName: 'doe' })).toBe(
      'Appointment — Jane D.',
    );
    expect(feedEventSummary('none', { firstName: 'Jane', lastName: 'Doe' })).toBe('Appointment');
    expect(feedEventSummary('initial', { firstName: ' ', lastName: '' })).toBe('Appointment');
  });

  it('never carries more of the last name than its initial', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 2 }), (first, last) => {
        const summary = feedEventSummary('initial', { firstName: first, lastName: `Zq${last}` });
        expect(summary).not.toContain(`Zq${last}`);
      }),
    );
  });
});
