import { describe, expect, it } from 'vitest';
import { renderHold, type HoldSnapshot } from './kept-time-messages';
import { keptTimeSnapshot } from '../../test/message-kit';

const snapshot = keptTimeSnapshot({
  token: 'tok_en-123',
  clinic: { name: 'Riverside <Family> Clinic', timezone: 'America/New_York' },
  expiresAt: '2026-11-23T12:15:00.000Z',
});
/** A message queued before ADR 031 still carries the name a stranger typed. */
const queuedBefore = {
  ...snapshot,
  patient: { name: 'Claim your refund at evil.example <img onerror=x> now' },
} as HoldSnapshot;

describe('the online booking confirmation e-mail', () => {
  it('says when, with whom, until when it holds, and links the confirmation', () => {
    const message = renderHold(snapshot, 'mia@example.com', 'https://care.example/');
    expect(message.to).toBe('mia@example.com');
    expect(message.subject).toBe(
      'Confirm your booking on Wednesday, November 25, 2026 — Riverside <Family> Clinic',
    );
    expect(message.text).toContain(
      'When: Wednesday, November 25, 2026, 10:00 AM – 10:30 AM Eastern Time',
    );
    expect(message.text).toContain('Provider: Dr. Priya Raman');
    expect(message.text).toContain(
      'The time is held for you until Monday, November 23, 2026 at 7:15 AM Eastern Time. It is booked only when you open the link below.',
    );
    expect(message.text).toContain(
      'Confirm this booking: https://care.example/book-online/confirm/tok_en-123',
    );
    expect(message.text).toContain('If you did not ask for this');
    expect(message).not.toHaveProperty('ics');
  });

  it('names the service held, escaped, and leaves the line out of messages from before services', () => {
    const withService = { ...snapshot, service: { name: 'Physio <first> visit' } };
    const message = renderHold(withService, 'mia@example.com', 'https://care.example');
    expect(message.text).toContain(
      'You asked to book a visit at Riverside <Family> Clinic.\nService: Physio <first> visit\nWhen:',
    );
    expect(message.html).toContain('>Physio &lt;first&gt; visit<');
    expect(renderHold(snapshot, 'mia@example.com', 'https://care.example').text).not.toContain(
      'Service:',
    );
  });

  it('escapes stored text in the HTML part', () => {
    const { html } = renderHold(snapshot, 'mia@example.com', 'https://care.example');
    expect(html).toContain('Riverside &lt;Family&gt; Clinic');
    expect(html).toContain('href="https://care.example/book-online/confirm/tok_en-123"');
  });

  it('greets nobody by name: nothing a stranger typed is sent (ADR 031)', () => {
    // Before, the name typed on the public page opened the mail ("Hello Mia Okafor,"): anyone
    // could put 200 characters of their own in a clinic-branded mail to anyone's address.
    for (const message of [
      renderHold(snapshot, 'mia@example.com', 'https://care.example'),
      renderHold(queuedBefore, 'mia@example.com', 'https://care.example'),
    ]) {
      expect(message.text.split('\n')[0]).toBe('Hello,');
      for (const part of [message.subject, message.text, message.html]) {
        expect(part).not.toMatch(/refund|evil|img|Mia/);
      }
    }
  });
});
