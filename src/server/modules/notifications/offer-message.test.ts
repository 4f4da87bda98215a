import { describe, expect, it } from 'vitest';
import { renderOffer, type OfferSnapshot } from './kept-time-messages';
import { keptTimeSnapshot } from '../../test/message-kit';

const snapshot: OfferSnapshot = {
  ...keptTimeSnapshot({
    token: 'tok_en-123',
    clinic: { name: 'Riverside <Family> Clinic', timezone: 'America/New_York' },
    start: '2026-11-24T15:00:00.000Z',
    expiresAt: '2026-11-23T14:00:00.000Z',
  }),
  patient: { name: 'José <img onerror=x> Núñez' },
};

describe('the waitlist offer e-mail', () => {
  it('says when, with whom, until when, and links the offer page', () => {
    const message = renderOffer(snapshot, 'jose@example.com', 'https://care.example/');
    expect(message.to).toBe('jose@example.com');
    expect(message.subject).toBe(
      'A time is free for you on Tuesday, November 24, 2026 — Riverside <Family> Clinic',
    );
    expect(message.text).toContain(
      'When: Tuesday, November 24, 2026, 10:00 AM – 10:30 AM Eastern Time',
    );
    expect(message.text).toContain('Provider: Dr. Priya Raman');
    expect(message.text).toContain(
      'This offer holds until Monday, November 23, 2026 at 9:00 AM Eastern Time.',
    );
    expect(message.text).toContain(
      'Accept or decline this time: https://care.example/offer/tok_en-123',
    );
    expect(message).not.toHaveProperty('ics');
  });

  it('escapes what patients and clinics typed in the HTML part', () => {
    const { html } = renderOffer(snapshot, 'jose@example.com', 'https://care.example');
    expect(html).not.toContain('<img');
    expect(html).toContain('José &lt;img onerror=x&gt; Núñez');
    expect(html).toContain('href="https://care.example/offer/tok_en-123"');
  });
});
