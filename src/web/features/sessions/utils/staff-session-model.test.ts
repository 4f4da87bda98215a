import { describe, expect, it } from 'vitest';
import { describeStaffSession } from './staff-session-model';
import { createStaffSessionView } from '@web/test/visit-views';

const view = createStaffSessionView;
const NY = 'America/New_York';

describe('describeStaffSession', () => {
  it('names the patient and says when they can join', () => {
    const v = describeStaffSession(view(), new Date('2026-11-24T19:45:00Z'), NY);
    expect(v).toMatchObject({
      patientName: 'José Núñez',
      patientEmail: 'jose@example.com',
      time: '3:00 PM – 3:30 PM',
      status: 'Booked',
      statusValue: 'BOOKED',
      windowText: 'The patient can join from 2:50 PM (in 5 minutes) until 3:45 PM.',
      canStart: true,
    });
  });

  it('while open, and after', () => {
    expect(
      describeStaffSession(view({ state: 'open' }), new Date('2026-11-24T20:05:00Z'), NY)
        .windowText,
    ).toBe('The patient can join now, until 3:45 PM.');
    const ended = describeStaffSession(
      view({ state: 'ended' }),
      new Date('2026-11-24T21:00:00Z'),
      NY,
    );
    expect(ended).toMatchObject({
      windowText: 'The join window closed at 3:45 PM.',
      canStart: false,
      startBlockedReason: 'This visit has ended: the patient can no longer join.',
    });
  });

  it('will not start a cancelled visit', () => {
    const v = describeStaffSession(
      view({ state: 'cancelled', status: 'CANCELLED' }),
      new Date('2026-11-24T19:45:00Z'),
      NY,
    );
    expect(v).toMatchObject({
      canStart: false,
      startBlockedReason: 'This appointment was cancelled.',
    });
  });

  it('will not start a visit booked with someone else, and says who may', () => {
    const refusal = 'Only Dr. Priya Raman can join this video visit: it is booked with them.';
    const v = describeStaffSession(
      view({ state: 'open', joinRefusal: refusal }),
      new Date('2026-11-24T19:55:00Z'),
      NY,
    );
    expect(v).toMatchObject({ canStart: false, startBlockedReason: refusal });
  });

  it('carries the booking notes to the page, and none when they are blank', () => {
    const at = new Date('2026-11-24T19:45:00Z');
    expect(describeStaffSession(view({ notes: ' Bring inhaler ' }), at, NY).notes).toBe(
      'Bring inhaler',
    );
    expect(describeStaffSession(view({ notes: '  ' }), at, NY).notes).toBeNull();
  });
});
