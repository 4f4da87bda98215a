// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordMessage } from '@contracts/outbox';
import { createAppointment } from '../../test/appointment-factory';
import { fakeApi, sessionAs } from '../../test/fake-api';
import { json, polyfillPointerApis } from '@web/test/api-stub';
import { renderWithClient } from '@web/test/render-with-client';
import { AppointmentDetailsDialog } from './appointment-details-dialog';

beforeAll(polyfillPointerApis);
// The dialog loads its body lazily: loaded here once, so no test pays for it in its own wait.
beforeAll(async () => {
  await Promise.all([import('./details-dialog-frame'), import('./details-body')]);
}, 120_000);
afterEach(cleanup);

const clinics = [
  { id: 'clinic-1', slug: 'riverside', name: 'Riverside Family Clinic', timezone: 'UTC' },
];

const REMINDER = 'Hello Maya,\n\nA reminder of your visit tomorrow at 10:00 AM.';

const reminder = (appointmentId: string): RecordMessage => ({
  id: 31,
  kind: 'appointment.reminder',
  channel: 'email',
  text: null,
  appointmentId,
  recipients: [{ email: 'maya@example.com', name: 'Maya Lindqvist', role: 'patient' }],
  subject: 'Reminder: your appointment tomorrow — Riverside Family Clinic',
  preview: 'Hello Maya, A reminder of your visit tomorrow at 10:00 AM.',
  status: 'sent',
  attempts: 1,
  lastError: null,
  nextAttemptAt: '2026-11-24T15:00:00.000Z',
  dueAt: '2026-11-24T15:00:00.000Z',
  offsetMinutes: 1440,
  sentAt: '2026-11-24T15:00:02.000Z',
  createdAt: '2026-11-23T15:00:00.000Z',
  mails: [
    {
      to: 'maya@example.com',
      name: 'Maya Lindqvist',
      role: 'patient',
      subject: 'Reminder: your appointment tomorrow — Riverside Family Clinic',
      text: REMINDER,
      links: [],
      optedOut: false,
    },
  ],
  textBody: null,
});

function serve(role: 'staff' | 'nurse' | 'admin') {
  const appointment = createAppointment();
  const calls = fakeApi({
    'GET /api/auth/session': sessionAs(role),
    'GET /api/clinics': () => json(clinics),
    [`GET /api/appointments/${appointment._id}`]: () => json(appointment),
    [`GET /api/appointments/${appointment._id}/messages`]: () =>
      json({ data: [reminder(appointment._id)], more: false }),
  });
  renderWithClient(<AppointmentDetailsDialog id={appointment._id} onClose={() => {}} />);
  return { appointment, calls };
}

describe('an appointment’s messages', () => {
  it('shows the front desk each message sent about it, and opens it as sent, without resend', async () => {
    const user = userEvent.setup();
    serve('staff');
    const section = await screen.findByRole('region', { name: 'Messages' }, { timeout: 15_000 });
    const item = await within(section).findByRole('listitem');
    expect(item).toHaveTextContent(/Reminder · E-mail/);
    expect(item).toHaveTextContent('maya@example.com');
    expect(item).toHaveTextContent(/Sent Nov 24, 2026/);
    expect(within(section).queryByRole('button', { name: 'Resend' })).toBeNull();
    await user.click(within(item).getByRole('button', { name: /View/ }));
    const dialogs = await screen.findAllByRole('dialog');
    expect(within(dialogs.at(-1)!).getByText(/A reminder of your visit tomorrow/)).toBeVisible();
  });

  it('offers an admin Resend', async () => {
    serve('admin');
    const section = await screen.findByRole('region', { name: 'Messages' }, { timeout: 15_000 });
    expect(await within(section).findByRole('button', { name: 'Resend' })).toBeInTheDocument();
  });

  it('is not shown to a nurse, and not asked for', async () => {
    const { appointment, calls } = serve('nurse');
    await screen.findByRole('heading', { name: 'Maya Lindqvist' }, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull();
    expect(
      calls.some((c) => c.url.pathname === `/api/appointments/${appointment._id}/messages`),
    ).toBe(false);
  });
});
