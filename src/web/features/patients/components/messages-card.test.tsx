// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordMessage, RecordMessages } from '@contracts/outbox';
import { byRoute, json, polyfillPointerApis, stubApi, type ApiRequest } from '@web/test/api-stub';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { MARIA_ID } from '../test/patient-factory';
import { MessagesCard } from './messages-card';

const TEXT = 'Riverside: Maria, see you Wed, Nov 25 at 10:00 AM. https://care.example.org/s/abc';
const MAIL_TEXT =
  'Hello Maria García,\n\nYour appointment is booked.\n\nJoin your online visit: https://care.example.org/session/?token=abc';

const base = {
  appointmentId: 'a1',
  lastError: null,
  nextAttemptAt: '2026-11-23T17:00:00.000Z',
  dueAt: null,
  offsetMinutes: null,
  createdAt: '2026-11-23T17:00:00.000Z',
} as const;

const email: RecordMessage = {
  ...base,
  id: 7,
  kind: 'appointment.booked',
  channel: 'email',
  text: null,
  recipients: [{ email: 'maria@example.com', name: 'Maria García', role: 'patient' }],
  subject: 'Your appointment is booked — Riverside Family Clinic',
  preview: 'Hello Maria García, Your appointment is booked.',
  status: 'failed',
  attempts: 5,
  lastError: 'Connection refused',
  sentAt: null,
  mails: [
    {
      to: 'maria@example.com',
      name: 'Maria García',
      role: 'patient',
      subject: 'Your appointment is booked — Riverside Family Clinic',
      text: MAIL_TEXT,
      links: [
        { label: 'Join your online visit', url: 'https://care.example.org/session/?token=abc' },
      ],
      optedOut: false,
    },
  ],
  textBody: null,
};

const text: RecordMessage = {
  ...base,
  id: 9,
  kind: 'text.appointment.reminder',
  channel: 'sms',
  text: {
    to: '+1 ••• 0142',
    name: 'Maria',
    deliveryStatus: 'delivered',
    deliveredAt: '2026-11-23T18:00:05.000Z',
    encoding: 'GSM-7',
    segments: 1,
  },
  recipients: [],
  subject: null,
  preview: TEXT,
  status: 'sent',
  attempts: 1,
  sentAt: '2026-11-23T18:00:00.000Z',
  createdAt: '2026-11-23T18:00:00.000Z',
  mails: [],
  textBody: TEXT,
};

let resent: ApiRequest[];
let reads: number;
beforeEach(() => {
  polyfillPointerApis();
  resent = [];
  reads = 0;
  stubApi(
    byRoute({
      [`GET /api/patients/${MARIA_ID}/messages`]: () => {
        reads += 1;
        const answer: RecordMessages = {
          data: resent.length
            ? [text, { ...email, status: 'pending', attempts: 0 }]
            : [text, email],
          more: false,
        };
        return json(answer);
      },
      'POST /api/admin/outbox/7/resend': (request) => {
        resent.push(request);
        return json({ ...email, status: 'pending', attempts: 0 });
      },
    }),
  );
});
cleanUpAfterEach();

describe('MessagesCard', () => {
  it('lists e-mails and texts with channel, status, attempts and time, and shows each as sent', async () => {
    const user = userEvent.setup();
    renderWithClient(
      <MessagesCard patientId={MARIA_ID} timeZone="America/New_York" canResend={false} />,
    );
    const list = await screen.findByRole('list', { name: 'Messages' }, { timeout: 15_000 });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(/Reminder · Text · Nov 23, 2026/);
    expect(first).toHaveTextContent('Maria (+1 ••• 0142)');
    expect(first).toHaveTextContent(/Delivered Nov 23, 2026/);
    expect(second).toHaveTextContent(/Booked · E-mail/);
    expect(second).toHaveTextContent('5 attempts');
    expect(second).toHaveTextContent('Connection refused');
    // The front desk sees what went out; resending is an admin's.
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();

    await user.click(within(second!).getByRole('button', { name: /View/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Your appointment is booked\./)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: /care\.example\.org\/session\/\?token=abc/ }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(first!).getByRole('button', { name: /View/ }));
    const textDialog = await screen.findByRole('dialog');
    expect(within(textDialog).getByText(TEXT)).toBeInTheDocument();
    // Shown from the list it came in: not fetched (and read) again.
    expect(reads).toBe(1);
  });

  it('lets an admin resend a failed e-mail through the outbox, and shows it waiting', async () => {
    const user = userEvent.setup();
    renderWithClient(
      <MessagesCard patientId={MARIA_ID} timeZone="America/New_York" canResend={true} />,
    );
    const list = await screen.findByRole('list', { name: 'Messages' }, { timeout: 15_000 });
    const second = within(list).getAllByRole('listitem')[1]!;
    await user.click(within(second).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(resent).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')[1],
      ).toHaveTextContent('pending'),
    );
  });

  it('says when there is nothing yet', async () => {
    stubApi(
      byRoute({
        [`GET /api/patients/${MARIA_ID}/messages`]: () => json({ data: [], more: false }),
      }),
    );
    renderWithClient(
      <MessagesCard patientId={MARIA_ID} timeZone="America/New_York" canResend={false} />,
    );
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });
});
