import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  appointmentIdOfUid,
  appointmentUid,
  pushedEvent,
  pushedEventSummary,
  pushRetryDelayMs,
} from './calendar-push';
import { calendarText } from './icalendar';

const appointment = {
  id: '0b6f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f',
  version: 3,
  start: new Date('2026-11-24T15:00:00Z'),
  end: new Date('2026-11-24T15:30:00Z'),
  serviceName: 'Follow-up, 30 min',
  clinicName: 'Riverside Family Clinic',
  patient: { firstName: 'José', lastName: 'Núñez' },
};

describe('pushed events', () => {
  it('say "Appointment" and the service, and name the patient only when allowed', () => {
    expect(pushedEventSummary(appointment, false)).toBe('Appointment: Follow-up, 30 min');
    expect(pushedEventSummary(appointment, true)).toBe(
      'Appointment: Follow-up, 30 min with José Núñez',
    );
    expect(pushedEventSummary({ ...appointment, serviceName: null }, false)).toBe('Appointment');
    const text = calendarText({
      product: 'Calendar push',
      events: [pushedEvent(appointment, { patientNames: false, now: new Date() })],
    });
    expect(text).not.toMatch(/José|Núñez/);
    expect(text).toContain(`UID:${appointment.id}@carebook`);
    expect(text).toContain('SEQUENCE:3');
    // A CalDAV object carries no iTIP method (RFC 4791 §4.1).
    expect(text).not.toContain('METHOD:');
  });

  it('carry a UID that leads back to the appointment, and only ours do', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(appointmentIdOfUid(appointmentUid(id))).toBe(id.toLowerCase());
      }),
    );
    expect(appointmentIdOfUid('rota-1')).toBeNull();
    expect(appointmentIdOfUid(`${appointment.id}@elsewhere`)).toBeNull();
  });

  it('are tried again after 30 s, doubling, at most an hour apart', () => {
    expect([1, 2, 3, 4].map(pushRetryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(pushRetryDelayMs(50)).toBe(3_600_000);
  });
});
