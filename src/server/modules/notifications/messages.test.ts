import { describe, expect, it } from 'vitest';
import { renderMessage } from './messages';
import { appointmentMessageSnapshot } from '../../test/message-kit';
import { outboxRow } from './outbox-row';

const snapshot = appointmentMessageSnapshot({
  token: 'NEWTOKEN_NEWTOKEN_NEWTOKEN_12345',
  sequence: 3,
});

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
