import { describe, expect, it } from 'vitest';
import { renderMessage } from './messages';
import { outboxRow, type NotificationSnapshot } from './outbox-row';

const snapshot: NotificationSnapshot = {
  appointmentId: 'a-1',
  clinic: {
    id: '7d2c0b0e-3a51-4f0f-8f43-6f1f1d2b9a01',
    name: 'Riverside Family Clinic',
    timezone: 'America/New_York',
  },
  start: '2026-11-25T15:00:00.000Z',
  durationMinutes: 30,
  token: 'NEWTOKEN_NEWTOKEN_NEWTOKEN_12345',
  patient: { name: 'José Núñez', email: 'jose@example.com' },
  staff: { name: 'Dr. Priya Raman', email: 'priya@example.com' },
  sequence: 3,
};

describe('the Reset link message', () => {
  it('goes to the patient alone, with the new link and what happened to the old one', () => {
    const row = outboxRow('link_reset', snapshot);
    expect(row.kind).toBe('appointment.link_reset');
    expect(row.recipients).toEqual([
      { email: 'jose@example.com', name: 'José Núñez', role: 'patient' },
    ]);
    const message = renderMessage(
      row.kind,
      snapshot,
      { email: 'jose@example.com', name: 'José Núñez', role: 'patient' },
      'https://clinic.example',
    );
    expect(message.subject).toBe(
      'Your visit has a new link; the old one no longer works — Riverside Family Clinic',
    );
    expect(message.text).toContain(
      'Join your online visit: https://clinic.example/session/?token=NEWTOKEN_NEWTOKEN_NEWTOKEN_12345',
    );
    expect(message.ics).toContain('UID:a-1@carebook');
  });
});
