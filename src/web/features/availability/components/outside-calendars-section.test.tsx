// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutsideCalendarView } from '@contracts/outside-calendars';
import { byRoute, json, stubApi } from '@web/test/api-stub';
import { createOutsideCalendarView } from '@web/test/outside-calendar-view';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { OutsideCalendarsSection } from './outside-calendars-section';

cleanUpAfterEach();

const failing = createOutsideCalendarView({
  id: 'cal-1',
  lastSyncedAt: '2026-11-23T12:00:00.000Z',
  lastError: 'No calendar was found at this address (HTTP 404).',
});

const work: OutsideCalendarView = {
  ...failing,
  id: 'cal-2',
  kind: 'caldav',
  name: 'Work calendar',
  address: 'dav.example.org/priya/work/',
  username: 'priya',
  lastError: null,
  lastSyncedAt: '2026-11-24T14:55:00.000Z',
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

  it('offers no push for an iCalendar address, which can only be read', async () => {
    stubApi(() => json({ items: [failing] }));
    renderWithClient(<OutsideCalendarsSection target={{ kind: 'own' }} />);
    const row = await screen.findByRole('listitem', { name: 'Hospital rota' });
    expect(within(row).queryByRole('checkbox')).toBeNull();
  });

  it('switches push on for a CalDAV calendar, naming patients only once push is on', async () => {
    let current = work;
    const fetchMock = stubApi(
      byRoute({
        'GET /api/outside-calendars': () => json({ items: [current] }),
        'PATCH /api/outside-calendars/cal-2/push': ({ body }) => {
          current = { ...current, push: { ...current.push, ...(body as object), waiting: 3 } };
          return json(current);
        },
      }),
    );
    renderWithClient(<OutsideCalendarsSection target={{ kind: 'own' }} />);
    const row = await screen.findByRole('listitem', { name: 'Work calendar' });
    const push = within(row).getByRole('checkbox', {
      name: 'Write appointments booked here into this calendar',
    });
    const names = within(row).getByRole('checkbox', { name: 'Name the patient in those events' });
    expect(push).not.toBeChecked();
    expect(names).toBeDisabled();

    await userEvent.click(push);
    await waitFor(() => expect(push).toBeChecked());
    expect(fetchMock.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ enabled: true });
    expect(names).toBeEnabled();
    expect(
      within(row).getByText(
        'Events show only “Appointment” and the service, no patient details. Changes made to them in that calendar are replaced by the appointment as booked; untick this before disconnecting to take them out of it.',
      ),
    ).toBeInTheDocument();
    expect(within(row).getByText('Not pushed yet · 3 appointments waiting')).toBeInTheDocument();
  });

  it('shows an admin the last push’s failure and a put-back conflict in words, and saves names for that person', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T15:00:00Z'), toFake: ['Date'] });
    const pushing: OutsideCalendarView = {
      ...work,
      push: {
        enabled: true,
        patientNames: false,
        lastPushedAt: '2026-11-24T14:00:00.000Z',
        lastError: 'The calendar server refused the user name or app password (HTTP 401).',
        lastConflictAt: '2026-11-24T14:30:00.000Z',
        waiting: 1,
      },
    };
    const fetchMock = stubApi(
      byRoute({
        'GET /api/admin/agents/a-1/outside-calendars': () => json({ items: [pushing] }),
        'PATCH /api/admin/agents/a-1/outside-calendars/cal-2/push': () =>
          json({ ...pushing, push: { ...pushing.push, patientNames: true } }),
      }),
    );
    renderWithClient(<OutsideCalendarsSection target={{ kind: 'agent', agentId: 'a-1' }} />);
    const row = await screen.findByRole('listitem', { name: 'Work calendar' });
    expect(
      within(row).getByText('Last pushed 1 hour ago · 1 appointment waiting'),
    ).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('status')
        .map((s) => s.textContent),
    ).toContain(
      'Last push failed: The calendar server refused the user name or app password (HTTP 401). Carebook tries again, less often as failures go on.',
    );
    expect(
      within(row).getByText(
        'An event changed in that calendar was put back as booked 30 minutes ago.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(
      within(row).getByRole('checkbox', { name: 'Name the patient in those events' }),
    );
    await waitFor(() => expect(fetchMock.requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(fetchMock.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      patientNames: true,
    });
  });
});
