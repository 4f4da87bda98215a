import { describe, expect, it } from 'vitest';
import { HOLD_KIND, renderHold } from './kept-time-messages';
import { ADMIN_NOTICE_KIND } from './outbox-row';
import { linksOf, preferenceOf, previewOf, renderOutboxMail } from './outbox-render';
import { keptTimeSnapshot } from '../../test/message-kit';

const PUBLIC_URL = 'https://care.example.org';
const hold = keptTimeSnapshot({
  token: 'HOLDTOKEN_HOLDTOKEN_1234',
  expiresAt: '2026-11-23T12:30:00.000Z',
});
const patient = { email: 'mia@example.com', name: '', role: 'patient' as const };

describe('an outbox row rendered for its recipient', () => {
  it('is the kind’s own message: an online booking’s confirmation as renderHold writes it', () => {
    expect(renderOutboxMail({ kind: HOLD_KIND, payload: hold }, patient, PUBLIC_URL)).toEqual(
      renderHold(hold, 'mia@example.com', PUBLIC_URL),
    );
  });

  it('is a notice’s plain text for an admin', () => {
    const admin = { email: 'alex@example.com', name: 'Alex Morgan', role: 'staff' as const };
    const payload = { subject: 'A webhook endpoint was disabled', text: 'Carebook stopped…' };
    expect(renderOutboxMail({ kind: ADMIN_NOTICE_KIND, payload }, admin, PUBLIC_URL)).toEqual({
      to: 'alex@example.com',
      ...payload,
    });
  });

  it('is nothing for a reminder whose appointment is gone', () => {
    const row = { kind: 'appointment.reminder', payload: { start: hold.start } };
    expect(renderOutboxMail(row, patient, PUBLIC_URL, undefined)).toBeNull();
  });
});

describe('the links of a message', () => {
  it('are the app’s own, each named by the words before it', () => {
    const text = [
      'Reason: see https://evil.example/confirm and https://care.example.org.evil/x',
      'Confirm this booking: https://care.example.org/book-online/confirm/abc',
      'Tuesday, November 3, 2026, 10:00 – 10:30 AM — https://care.example.org/session/?token=t1',
      'https://care.example.org/admin/integrations',
    ].join('\n');
    expect(linksOf(text, `${PUBLIC_URL}/`)).toEqual([
      { label: 'Confirm this booking', url: `${PUBLIC_URL}/book-online/confirm/abc` },
      {
        label: 'Tuesday, November 3, 2026, 10:00 – 10:30 AM',
        url: `${PUBLIC_URL}/session/?token=t1`,
      },
      { label: `${PUBLIC_URL}/admin/integrations`, url: `${PUBLIC_URL}/admin/integrations` },
    ]);
  });

  it('are left out of the preview, which is one short line', () => {
    const { text } = renderHold(hold, 'mia@example.com', PUBLIC_URL);
    const preview = previewOf(text);
    expect(preview).not.toContain('https://');
    expect(preview).not.toContain(hold.token);
    expect(preview).toMatch(/^Hello, You asked to book a visit at Riverside Family Clinic\. When:/);
    expect(preview.length).toBeLessThanOrEqual(140);
    expect(preview.endsWith('…')).toBe(true);
  });
});

describe('the staff choice a kind is sent under', () => {
  it('is the change’s, a series’ the same as its single change’s, and none for the rest', () => {
    expect(preferenceOf('appointment.booked')).toBe('booked');
    expect(preferenceOf('appointment.series_rescheduled')).toBe('rescheduled');
    expect(preferenceOf('appointment.link_reset')).toBeNull();
    expect(preferenceOf('appointment.reminder')).toBeNull();
    expect(preferenceOf('online.hold')).toBeNull();
    expect(preferenceOf('admin.notice')).toBeNull();
  });
});
