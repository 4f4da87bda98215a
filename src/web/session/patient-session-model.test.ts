import { describe, expect, it } from 'vitest';
import { describePatientSession } from './patient-session-model';
import { createPatientSessionView } from '@web/test/visit-views';

const view = createPatientSessionView;
const at = (iso: string) => new Date(iso);

describe('describePatientSession', () => {
  it('before the window: when joining opens, and a disabled Join', () => {
    const card = describePatientSession(view(), at('2026-11-24T19:45:00Z'), 'America/Chicago');
    expect(card).toMatchObject({
      clinicName: 'Riverside Family Clinic',
      providerName: 'Dr. Priya Raman',
      greeting: 'Hello José',
      date: 'Tuesday, November 24, 2026',
      time: '2:00 PM – 2:30 PM',
      duration: '30 minutes',
      status: 'Booked',
      countdown: 'Starts in 15 minutes',
      canJoin: false,
      showDisabledJoin: true,
      zoneNote: 'Times are in your time zone: Central Standard Time (America/Chicago).',
      clinicTimeNote: 'At the clinic that is 3:00 PM (America/New_York).',
    });
    expect(card.notice).toMatchObject({
      tone: 'info',
      title: 'You can join from 1:50 PM (in 5 minutes)',
    });
  });

  it('counts the last seconds before the window as a minute, not "in 0 minutes"', () => {
    const card = describePatientSession(view(), at('2026-11-24T19:49:31Z'), 'America/New_York');
    expect(card.notice.title).toBe('You can join from 2:50 PM (in 1 minute)');
    expect(card.canJoin).toBe(false);
  });

  it('opens Join when the window opens, even before the next refresh', () => {
    const card = describePatientSession(view(), at('2026-11-24T19:50:00Z'), 'America/New_York');
    expect(card).toMatchObject({ state: 'open', canJoin: true, showDisabledJoin: false });
    expect(card.notice.title).toBe('Your visit is open.');
    expect(card.clinicTimeNote).toBeNull();
  });

  it('a cancelled visit says so and offers no join', () => {
    const card = describePatientSession(
      view({ state: 'cancelled', status: 'CANCELLED' }),
      at('2026-11-24T19:55:00Z'),
      'America/New_York',
    );
    expect(card).toMatchObject({ canJoin: false, showDisabledJoin: false, countdown: null });
    expect(card.notice).toMatchObject({
      tone: 'stop',
      title: 'This appointment was cancelled.',
      detail: null,
    });
  });

  it('a cancelled visit says when, in the patient’s zone, and why when a reason was given', () => {
    const card = describePatientSession(
      view({
        state: 'cancelled',
        status: 'CANCELLED',
        cancellation: { at: '2026-11-23T15:05:00.000Z', reason: 'Provider unwell' },
      }),
      at('2026-11-24T19:55:00Z'),
      'America/New_York',
    );
    expect(card.notice.detail).toBe(
      'It was cancelled on Monday, November 23, 2026 at 10:05 AM Eastern Time. Reason: Provider unwell',
    );
    const noReason = describePatientSession(
      view({ state: 'cancelled', cancellation: { at: '2026-11-23T15:05:00.000Z', reason: null } }),
      at('2026-11-24T19:55:00Z'),
      'Europe/Berlin',
    );
    expect(noReason.notice.detail).toBe(
      'It was cancelled on Monday, November 23, 2026 at 4:05 PM Central European Time.',
    );
  });

  it('an ended visit says it has ended', () => {
    const card = describePatientSession(
      view({ state: 'ended' }),
      at('2026-11-24T21:00:00Z'),
      'America/New_York',
    );
    expect(card).toMatchObject({ canJoin: false, showDisabledJoin: false });
    expect(card.notice.title).toBe('This visit has ended.');
  });

  it('greets without a name when there is none', () => {
    const card = describePatientSession(
      view({ patient: { firstName: '' } }),
      at('2026-11-24T19:45:00Z'),
      'UTC',
    );
    expect(card.greeting).toBe('Hello');
  });
});
