// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { WaitlistEntry, WaitlistPage as Page } from '@contracts/waitlist';
import { json, stubApi } from '@web/test/api-stub';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { WaitlistPage } from './waitlist-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const entry = (over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id: 'e1',
  clinic: { id: 'c1', slug: 'riverside', name: 'Riverside', timezone: 'America/New_York' },
  patient: { id: 'p1', name: 'José Núñez', email: 'jose@example.com', phone: null },
  provider: null,
  serviceId: null,
  duration: 30,
  windowFrom: '2026-11-23',
  windowTo: '2026-12-31',
  weekdays: [2, 4],
  timesOfDay: ['morning'],
  priority: 'urgent',
  notes: 'Prefers mornings',
  status: 'waiting',
  expired: false,
  appointmentId: null,
  createdAt: '2026-11-23T12:00:00.000Z',
  updatedAt: '2026-11-23T12:00:00.000Z',
  openOffer: {
    id: 'o1',
    status: 'open',
    start: '2026-11-24T15:00:00.000Z',
    end: '2026-11-24T15:30:00.000Z',
    expiresAt: '2026-11-23T14:00:00.000Z',
    provider: { id: 'u1', name: 'Dr. Priya Raman' },
  },
  history: [],
  ...over,
});

let requests: string[];
let removed: boolean;

beforeEach(() => {
  requests = [];
  removed = false;
  stubApi(({ url, method }) => {
    requests.push(`${method} ${url.pathname}${url.search}`);
    if (url.pathname.startsWith('/api/clinics')) return json([]);
    if (method === 'DELETE') {
      removed = true;
      return json(entry({ status: 'removed', openOffer: null }));
    }
    const page: Page = {
      data: removed ? [] : [entry()],
      pagination: { hasNextPage: false, currentPage: 1 },
      counts: {
        active: removed ? 0 : 1,
        expired: 2,
        booked: 3,
        removed: removed ? 1 : 0,
        all: 6,
      },
    };
    return json(page);
  });
});
cleanUpAfterEach();

function renderPage() {
  return renderWithClient(
    <MemoryRouter initialEntries={['/waitlist']}>
      <WaitlistPage renderPatientPicker={() => null} />
    </MemoryRouter>,
  );
}

describe('WaitlistPage', () => {
  it('lists the waiting with their wishes, the offer out to them and each tab’s count', async () => {
    renderPage();
    const item = await screen.findByTestId('waitlist-entry');
    expect(within(item).getByText('José Núñez')).toBeInTheDocument();
    expect(within(item).getByText('Urgent')).toBeInTheDocument();
    expect(item).toHaveTextContent('Any provider · 30 min');
    expect(item).toHaveTextContent('Tue, Thu; Morning');
    expect(item).toHaveTextContent(
      'Offered Tuesday, November 24, 2026 at 10:00 AM Eastern Time with Dr. Priya Raman',
    );
    expect(within(item).getByRole('link', { name: 'Book' }).getAttribute('href')).toMatch(
      /^\/book\?clinic=riverside&patient=jose%40example.com&date=\d{4}-\d{2}-\d{2}$/,
    );
    expect(screen.getByRole('tab', { name: /Window passed\s*2/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Booked\s*3/ })).toBeInTheDocument();
    expect(requests.find((r) => r.includes('/api/waitlist'))).toMatch(
      /^GET \/api\/waitlist\?status=active&page=1&limit=20$/,
    );
  });

  it('asks for another tab, and removes an entry', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(requests).toContain('DELETE /api/waitlist/e1'));
    expect(await screen.findByText('Nobody here.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Booked/ }));
    await waitFor(() =>
      expect(requests.some((r) => r.startsWith('GET /api/waitlist?status=booked'))).toBe(true),
    );
  });
});
