// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { OutsideCalendarView } from '@contracts/outside-calendars';
import { json, stubApi } from '@web/test/api-stub';
import { renderWithClient } from '@web/test/render-with-client';
import { OutsideCalendarsSection } from './outside-calendars-section';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const failing: OutsideCalendarView = {
  id: 'cal-1',
  kind: 'ical-url',
  name: 'Hospital rota',
  address: 'calendar.example.org/…',
  username: null,
  lastSyncedAt: '2026-11-23T12:00:00.000Z',
  lastAttemptAt: '2026-11-24T14:55:00.000Z',
  lastError: 'No calendar was found at this address (HTTP 404).',
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('OutsideCalendarsSection', () => {
  it('says in one line what connecting does when no calendar is connected', async () => {
    stubApi(() => json({ items: [] }));
    renderWithClient(<OutsideCalendarsSection target={{ kind: 'own' }} />);
    expect(
      await screen.findByText(
        'No outside calendar is connected. Connect one and its busy times stop patients and staff booking you here then.',
      ),
    ).toBeInTheDocument();
  });

  it('shows how long ago the last good sync was and why the last one failed, in words', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T15:00:00Z'), toFake: ['Date'] });
    const fetchMock = stubApi(() => json({ items: [failing] }));
    renderWithClient(<OutsideCalendarsSection target={{ kind: 'agent', agentId: 'a-1' }} />);
    const row = await screen.findByRole('listitem', { name: 'Hospital rota' });
    expect(within(row).getByText('Last synced 1 day ago')).toBeInTheDocument();
    expect(within(row).getByRole('status')).toHaveTextContent(
      'Last sync failed: No calendar was found at this address (HTTP 404).',
    );
    expect(screen.queryByText(/No outside calendar is connected/)).toBeNull();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/agents/a-1/outside-calendars');
  });
});
