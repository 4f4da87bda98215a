// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutboxMessage, OutboxMessageDetail } from '@contracts/outbox';
import { json, makeSessionUser, stubSignedIn } from '@web/test/api-stub';
import { cleanUpAfterEach, renderAppRoutes } from '@web/test/render-with-client';
import { stubViewportWidth } from '@web/test/stub-match-media';
import { OutboxPage } from './outbox-page';

// A page with its providers renders slowly on a busy machine: the test waits for what it shows.
vi.setConfig({ testTimeout: 20_000 });

const CONFIRM_URL = 'https://care.example.org/book-online/confirm/Zq8vR2';
const hold: OutboxMessage = {
  id: 41,
  kind: 'online.hold',
  appointmentId: null,
  recipients: [{ email: 'mia.okafor@example.com', name: '', role: 'patient' }],
  subject: 'Confirm your booking on Wednesday, November 25, 2026 — Riverside Family Clinic',
  preview: 'Hello, You asked to book a visit at Riverside Family Clinic. When: Wednesday…',
  status: 'pending',
  attempts: 0,
  lastError: null,
  nextAttemptAt: '2026-11-23T12:00:00.000Z',
  dueAt: null,
  offsetMinutes: null,
  sentAt: null,
  createdAt: '2026-11-23T12:00:00.000Z',
};
const booked: OutboxMessage = {
  ...hold,
  id: 40,
  kind: 'appointment.booked',
  appointmentId: '5b0f6c1e-2a8d-4c3e-9f10-7a6b5c4d3e21',
  recipients: [
    { email: 'jose.nunez@example.com', name: 'José Núñez', role: 'patient' },
    { email: 'priya.raman@carebook.test', name: 'Dr. Priya Raman', role: 'staff' },
  ],
  subject: 'Your appointment is booked — Riverside Family Clinic',
  preview: 'Hello José Núñez, Your appointment is booked. Clinic: Riverside Family Clinic',
};
/** A reminder sent by text (ADR 050): no address, its number partly hidden, its length. */
const textReminder: OutboxMessage = {
  ...hold,
  id: 42,
  kind: 'text.appointment.reminder',
  channel: 'sms',
  appointmentId: booked.appointmentId,
  recipients: [],
  subject: null,
  preview: 'José, a reminder: your visit at Riverside Family Clinic is Wed, Nov 25, 10:00 AM.',
  status: 'sent',
  sentAt: '2026-11-24T15:00:00.000Z',
  text: {
    to: '+1 ••• 0142',
    name: 'José',
    deliveryStatus: 'delivered',
    deliveredAt: '2026-11-24T15:00:05.000Z',
    encoding: 'GSM-7',
    segments: 2,
  },
};
const holdDetail: OutboxMessageDetail = {
  ...hold,
  mails: [
    {
      to: 'mia.okafor@example.com',
      name: '',
      role: 'patient',
      subject: hold.subject!,
      text: `Hello,\nYou asked to book a visit at Riverside Family Clinic.\nConfirm this booking: ${CONFIRM_URL}`,
      links: [{ label: 'Confirm this booking', url: CONFIRM_URL }],
      optedOut: false,
    },
  ],
};

function renderPage() {
  const fetchMock = stubSignedIn(makeSessionUser(), ({ url }) => {
    if (url.pathname === '/api/admin/outbox') {
      return json({
        data: [hold, booked, textReminder],
        pagination: { hasNextPage: false, currentPage: 1 },
      });
    }
    if (url.pathname === '/api/admin/outbox/41') return json(holdDetail);
    return null;
  });
  const { router } = renderAppRoutes(
    [
      { path: '/admin/outbox', element: <OutboxPage /> },
      { path: '/appointments', element: <h1>Appointments</h1> },
    ],
    '/admin/outbox',
  );
  return { router, fetchMock };
}

beforeEach(() => stubViewportWidth(1366));
cleanUpAfterEach();

describe('the Notifications page', () => {
  it('shows each message’s recipients, subject, first words and appointment', async () => {
    const { router } = renderPage();
    const holdRow = (await screen.findByText(hold.subject!)).closest('tr')!;
    expect(holdRow).toHaveTextContent('Online booking confirmation');
    expect(holdRow).toHaveTextContent('mia.okafor@example.com');
    expect(holdRow).toHaveTextContent(hold.preview!);
    // No appointment yet: nothing to open.
    expect(within(holdRow).queryByRole('link', { name: 'Open appointment' })).toBeNull();

    const bookedRow = screen.getByText(booked.subject!).closest('tr')!;
    expect(bookedRow).toHaveTextContent('Dr. Priya Raman');
    await userEvent.click(within(bookedRow).getByRole('link', { name: 'Open appointment' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/appointments?view=${booked.appointmentId}`,
    );
  });

  it('shows a text with its number partly hidden, its length and its delivery', async () => {
    renderPage();
    const row = (await screen.findByText('Text message · 2 segments, GSM-7')).closest('tr')!;
    expect(row).toHaveTextContent('Text · Reminder');
    expect(row).toHaveTextContent('José+1 ••• 0142');
    expect(row).toHaveTextContent(textReminder.preview!);
    expect(row).toHaveTextContent('Delivered Nov 24');
  });

  it('opens a message as its recipient gets it, with its links to follow, and closes by keyboard', async () => {
    const { fetchMock } = renderPage();
    const user = userEvent.setup();
    const view = await screen.findByRole('button', { name: `View ${hold.subject}` });
    await user.click(view);
    const dialog = await screen.findByRole('dialog', { name: hold.subject! });
    expect(
      await within(dialog).findByRole('region', { name: 'To: <mia.okafor@example.com>' }),
    ).toHaveTextContent('You asked to book a visit at Riverside Family Clinic.');
    const link = within(dialog).getByRole('link', { name: /book-online\/confirm/ });
    expect(link).toHaveAttribute('href', CONFIRM_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(dialog).toHaveTextContent('Confirm this booking');
    expect(dialog).toHaveTextContent('Viewing a message is recorded in the audit log.');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view).toHaveFocus();
    // Opened again at once: the same answer, not a second read.
    await user.click(view);
    await screen.findByRole('dialog', { name: hold.subject! });
    const reads = fetchMock.mock.calls.filter(([input]) =>
      String(input).includes('/api/admin/outbox/41'),
    );
    expect(reads).toHaveLength(1);
  });

  it('lists messages on a phone with nothing to scroll sideways for', async () => {
    stubViewportWidth(390);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Notification messages, newest first' });
    expect(screen.queryByRole('table')).toBeNull();
    const [holdItem, bookedItem] = within(list).getAllByRole('listitem');
    expect(holdItem).toHaveTextContent(hold.subject!);
    expect(holdItem).toHaveTextContent('To: mia.okafor@example.com');
    expect(within(holdItem!).getByRole('button', { name: `View ${hold.subject}` })).toBeVisible();
    expect(within(bookedItem!).getByRole('link', { name: 'Open appointment' })).toBeVisible();
  });
});
