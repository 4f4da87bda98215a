import { describe, expect, it } from 'vitest';
import nodeIcal from 'node-ical';
import { renderMessage } from './messages';
import type { NotificationSnapshot } from './outbox-row';
import { lineProblems, readCalendar } from '../../test/calendar-readers';

const visits = [
  { appointmentId: 'a1', start: '2026-10-27T14:00:00.000Z', token: 'tok1' },
  { appointmentId: 'a2', start: '2026-11-03T15:00:00.000Z', token: 'tok2' },
  { appointmentId: 'a3', start: '2026-11-10T15:00:00.000Z', token: 'tok3' },
].map((v) => ({ ...v, durationMinutes: 30, sequence: 0 }));

const snapshot: NotificationSnapshot = {
  appointmentId: 'a1',
  clinic: {
    id: '7d2c0b0e-3a51-4f0f-8f43-6f1f1d2b9a01',
    name: 'Riverside Family Clinic',
    timezone: 'America/New_York',
  },
  start: visits[0]!.start,
  durationMinutes: 30,
  token: 'tok1',
  patient: { name: 'José Núñez', email: 'jose@example.com' },
  staff: { name: 'Dr. Priya Raman', email: 'priya@example.com' },
  sequence: 0,
  visits,
};
const patient = { email: 'jose@example.com', name: 'José Núñez', role: 'patient' as const };

describe('a series message', () => {
  it('lists every date at its local time, each with its own link, in one message', () => {
    const message = renderMessage(
      'appointment.series_booked',
      snapshot,
      patient,
      'https://cb.test',
    );
    expect(message.subject).toBe('Your 3 appointments are booked — Riverside Family Clinic');
    expect(message.text).toContain('Tuesday, October 27, 2026, 10:00 AM – 10:30 AM');
    expect(message.text).toContain('Tuesday, November 3, 2026, 10:00 AM – 10:30 AM');
    for (const token of ['tok1', 'tok2', 'tok3']) {
      expect(message.text).toContain(`https://cb.test/session/?token=${token}`);
    }
    const events = Object.values(nodeIcal.sync.parseICS(message.ics)).filter(
      (c) => c?.type === 'VEVENT',
    );
    expect(events.map((e) => (e as { uid: string }).uid)).toEqual([
      'a1@carebook',
      'a2@carebook',
      'a3@carebook',
    ]);
    // Each visit its own event, its own link and place, the clinic's reminders on each.
    const withClinic = renderMessage(
      'appointment.series_booked',
      snapshot,
      patient,
      'https://cb.test',
      undefined,
      { reminderOffsetsMinutes: [60], organizerEmail: 'desk@cb.test' },
    );
    expect(lineProblems(withClinic.ics)).toEqual([]);
    const read = readCalendar(withClinic.ics);
    expect(read.method).toBe('REQUEST');
    expect(read.events.map((e) => [e.start, e.url, e.location, e.alarms[0]?.trigger])).toEqual(
      visits.map((v) => [
        v.start.replace('.000Z', 'Z'),
        `https://cb.test/session/?token=${v.token}`,
        `https://cb.test/session/?token=${v.token}`,
        -3_600,
      ]),
    );
    expect(new Set(read.events.map((e) => e.organizer?.uri))).toEqual(
      new Set(['mailto:desk@cb.test']),
    );
  });

  it('cancels every listed visit in the calendar file and offers no link', () => {
    const message = renderMessage(
      'appointment.series_cancelled',
      { ...snapshot, reason: 'Course ended' },
      patient,
      'https://cb.test',
    );
    expect(message.icsMethod).toBe('CANCEL');
    expect(message.text).not.toContain('/session/');
    expect(message.text).toContain('Reason: Course ended');
  });
});
