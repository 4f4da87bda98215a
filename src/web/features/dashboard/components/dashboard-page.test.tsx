// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@contracts/auth';
import {
  DASHBOARD_TODAY_LIMIT,
  type DashboardAppointment,
  type DashboardResponse,
} from '@contracts/dashboard';
import { sessionKeys } from '@web/queries/query-keys';
import { errorResponse, json, stubApi, type ApiHandler } from '@web/test/api-stub';
import {
  createTestQueryClient,
  renderWithClient,
  setUpTestsAt,
} from '@web/test/render-with-client';
import { stubResizeObserver } from '@web/test/stub-resize-observer';
import { DashboardLists } from './dashboard-lists';
import { DashboardPage } from './dashboard-page';

const NOW = new Date('2026-11-23T17:00:00Z'); // noon in New York
const user: SessionUser = {
  id: 'u1',
  email: 'provider@carebook.test',
  name: 'Dr. Priya Raman',
  role: 'provider',
  timezone: 'America/New_York',
  theme: 'system',
  clinics: [{ id: 'c1', slug: 'riverside', name: 'Riverside', timezone: 'America/New_York' }],
};

const row = (id: string, date: string, status = 'BOOKED'): DashboardAppointment => ({
  _id: id,
  date,
  duration: 30,
  status,
  patientName: `Patient ${id}`,
  staff: { id: 'u1', name: 'Dr. Priya Raman' },
  clinic: 'riverside',
});

const tally = {
  BOOKED: 0,
  SCHEDULED: 0,
  CONFIRMED: 0,
  COMPLETED: 0,
  CANCELLED: 0,
  NO_SHOW: 0,
  DISQUALIFIED: 0,
};
const body: DashboardResponse = {
  scope: 'own',
  timezone: 'America/New_York',
  date: '2026-11-23',
  generatedAt: NOW.toISOString(),
  today: [row('t1', '2026-11-23T14:00:00Z', 'COMPLETED'), row('t2', '2026-11-23T19:00:00Z')],
  pending: [row('p1', '2026-11-23T15:00:00Z', 'CONFIRMED'), row('p2', '2026-11-20T17:00:00Z')],
  next: [row('n1', '2026-11-23T17:45:00Z'), row('n2', '2026-11-23T19:00:00Z')],
  unconfirmed: [row('u1', '2026-11-24T15:00:00Z')],
  unconfirmedTotal: 3,
  patientMoves: [],
  patientMovesTotal: 0,
  counts: { all: 120, upcoming: 40, pending: 12, completed: 50, cancelled: 10, no_show: 8 },
  perDay: [
    { date: '2026-11-22', total: 3, statuses: { ...tally, COMPLETED: 2, NO_SHOW: 1 } },
    { date: '2026-11-23', total: 2, statuses: { ...tally, COMPLETED: 1, BOOKED: 1 } },
  ],
  noShowByAgent: [{ agentId: 'u1', name: 'Dr. Priya Raman', total: 8, noShows: 1, rate: 0.125 }],
  noShowByWeekday: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    total: weekday === 1 ? 4 : 0,
    noShows: weekday === 1 ? 1 : 0,
    rate: weekday === 1 ? 0.25 : 0,
  })),
  bookedOnline: { days: 30, count: 7 },
};

setUpTestsAt(NOW);
beforeEach(stubResizeObserver);

function renderPage(answer: ApiHandler = () => json(body)) {
  const fetchMock = stubApi(answer);
  const client = createTestQueryClient();
  client.setQueryData(sessionKeys.current, user);
  renderWithClient(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
    { client },
  );
  return fetchMock;
}

// Recharts makes the first renders slow under jsdom.
describe('DashboardPage', { timeout: 20_000 }, () => {
  it('asks for the dashboard in the user’s zone and shows each count linked to its list', async () => {
    const fetchMock = renderPage();
    const pending = await screen.findByTestId('count-pending');
    expect(pending.textContent).toContain('12');
    expect(pending.getAttribute('href')).toBe('/appointments?status=pending&staffId=u1');
    expect(screen.getByTestId('count-all').textContent).toContain('120');
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/api/dashboard?timezone=America%2FNew_York');
    expect(screen.getByText('Your day: Monday, November 23, 2026')).toBeInTheDocument();
  });

  it('says when the next appointments are and how long ago the unmarked ones were (spec §9)', async () => {
    renderPage();
    const next = await screen.findByRole('list', { name: 'Next appointments' });
    const items = within(next).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('in 45 minutes');
    expect(items[1]!.textContent).toContain('in 2 hours');
    const pending = screen.getByRole('list', { name: 'Appointments to mark' });
    expect(
      within(pending)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('2 hours ago'), expect.stringContaining('3 days ago')]);
    expect(screen.getByRole('link', { name: 'View all 12 pending' })).toBeInTheDocument();
  });

  it('titles each card one level below the page heading, skipping none', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Today' });
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels).toEqual([1, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('lists who has not confirmed today’s and tomorrow’s visits, with the total', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Appointments not confirmed' });
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Patient u1');
    expect(
      screen.getByText('3 today and tomorrow not confirmed by the patient yet.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The soonest 1 are shown.')).toBeInTheDocument();
  });

  it('lists today by time range', async () => {
    renderPage();
    const today = await screen.findByRole('list', { name: "Today's appointments" });
    expect(within(today).getAllByRole('listitem')[0]!.textContent).toContain('9:00 AM – 9:30 AM');
  });

  it('says how many of a day past the cap it shows, and where the whole day is', async () => {
    const many = Array.from({ length: DASHBOARD_TODAY_LIMIT }, (_, i) =>
      row(`t${i}`, '2026-11-23T14:00:00Z'),
    );
    const perDay = [{ date: '2026-11-23', total: 612, statuses: { ...tally, BOOKED: 612 } }];
    renderPage(() => json({ ...body, today: many, perDay }));
    const summary = await screen.findByText(/The first 500 of 612 appointments/);
    expect(summary).toBeInTheDocument();
    // Asked of the summary, not of the whole page: roles and names over 500 rows take seconds.
    expect(
      within(summary)
        .getByRole('link', { name: 'See the whole day in the calendar' })
        .getAttribute('href'),
    ).toBe('/calendar?view=day&date=2026-11-23');
  });

  it('keeps the chosen clinic in the link to the whole day', () => {
    const many = Array.from({ length: DASHBOARD_TODAY_LIMIT }, (_, i) =>
      row(`t${i}`, '2026-11-23T14:00:00Z'),
    );
    const perDay = [{ date: '2026-11-23', total: 501, statuses: { ...tally, BOOKED: 501 } }];
    render(
      <MemoryRouter>
        <DashboardLists
          data={{ ...body, scope: 'clinic', today: many, perDay }}
          now={NOW}
          timeZone="America/New_York"
          ownStaffId={undefined}
          clinic="riverside"
        />
      </MemoryRouter>,
    );
    expect(
      within(screen.getByText(/The first 500 of 501 appointments/))
        .getByRole('link', { name: 'See the whole day in the calendar' })
        .getAttribute('href'),
    ).toBe('/calendar?view=day&date=2026-11-23&clinic=riverside');
  });

  it('counts a day under the cap as it is', async () => {
    renderPage();
    expect(await screen.findByText('2 appointments')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See the whole day in the calendar' })).toBeNull();
  });

  it('gives every chart a table with the same numbers', async () => {
    renderPage();
    const toggles = await screen.findAllByText('Show the data as a table');
    expect(toggles).toHaveLength(3);
    await userEvent.click(toggles[0]!);
    const perDay = screen.getByRole('table', { name: 'Appointments per day by status' });
    const headers = within(perDay)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Date',
      'Completed',
      'Confirmed',
      'Booked',
      'Scheduled',
      'Disqualified',
      'No show',
      'Cancelled',
      'Total',
    ]);
    const nov22 = within(perDay).getByRole('rowheader', { name: 'Nov 22' }).parentElement!;
    expect(
      within(nov22)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '0', '0', '0', '0', '1', '0', '3']);
    const weekday = screen.getByRole('table', { name: 'No-show rate by weekday' });
    expect(
      within(weekday).getByRole('rowheader', { name: 'Monday' }).parentElement!.textContent,
    ).toBe('Monday4125%');
    const agents = screen.getByRole('table', { name: 'No-show rate by provider' });
    expect(within(agents).getAllByRole('row')[1]!.textContent).toBe('Dr. Priya Raman8112.5%');
  });

  it('shows how many visits patients booked online in the period, and nothing when none', async () => {
    renderPage();
    const card = await screen.findByTestId('booked-online');
    expect(card.textContent).toBe('Booked online7By patients, in the last 30 days');
    expect(screen.getByRole('list', { name: 'Waitlist and online booking' })).toContainElement(
      card,
    );
    cleanup();
    renderPage(() => json({ ...body, bookedOnline: { days: 30, count: 0 } }));
    await screen.findByTestId('count-all');
    expect(screen.queryByTestId('booked-online')).toBeNull();
  });

  it('lists the visits patients moved into the next 24 hours: who, from, to and when', async () => {
    const moved = {
      ...row('m1', '2026-11-24T15:00:00Z'),
      patientName: 'José Núñez',
      staff: { id: 'u2', name: 'Nora Kelly' },
      from: '2026-11-25T16:00:00Z',
      movedAt: '2026-11-23T15:00:00Z',
    };
    renderPage(() =>
      json({
        ...body,
        scope: 'clinic',
        patientMoves: [moved, { ...moved, _id: 'm2', from: '2026-11-24T19:00:00Z' }],
        patientMovesTotal: 12,
      }),
    );
    const list = await screen.findByRole('list', { name: 'Visits moved by patients' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toBe(
      'José NúñezNov 25, 2026, 11:00 AM → moved to Nov 24, 2026, 10:00 AM · in 22 hours' +
        'Moved by the patient 2 hours ago · Nora Kelly · RIVERSIDE',
    );
    // Moved within one day: the new time alone, the date said once.
    expect(second!.textContent).toContain(
      'Nov 24, 2026, 2:00 PM → moved to 10:00 AM · in 22 hours',
    );
    expect(within(first!).getByRole('link').getAttribute('href')).toBe('/appointments?view=m1');
    expect(
      screen.getByText('12 visits in the next 24 hours, moved there by the patient.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The soonest 2 are shown.')).toBeInTheDocument();
  });

  it('leaves the card of patients’ moves out while there are none', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Today' });
    expect(screen.queryByTestId('patient-moves')).toBeNull();
  });

  it('puts the waitlist and online figures in one row of cards that fill it', async () => {
    renderPage(({ url }) =>
      json(
        url.pathname.startsWith('/api/waitlist/summary')
          ? { openOffers: 2, filledThisMonth: 5 }
          : body,
      ),
    );
    const row = await screen.findByRole('list', { name: 'Waitlist and online booking' });
    await within(row).findByTestId('waitlist-open');
    // Three cards: two a row on a phone, the third across both; three a row from sm up.
    expect(within(row).getAllByRole('listitem')).toHaveLength(3);
    expect(row.className).toContain('sm:grid-cols-3');
    expect(row.className).toContain('[&>li:last-child]:col-span-2');
    // Each card fills its cell, so a row's cards are one height whatever their hints.
    for (const id of ['waitlist-open', 'booked-online', 'count-no_show'])
      expect(screen.getByTestId(id).className).toContain('h-full');
  });

  it('gives a patient’s name the whole row on a phone, the time under it', async () => {
    renderPage();
    const today = await screen.findByRole('list', { name: "Today's appointments" });
    const [first] = within(today).getAllByRole('listitem');
    const name = within(first!).getByText('Patient t1');
    expect(name.className).not.toContain('truncate');
    // The time column beside the name shows from sm up; under it, on a phone.
    const column = within(first!).getByTestId('row-time-column').className.split(' ');
    expect(column).toEqual(expect.arrayContaining(['hidden', 'sm:block']));
    expect(within(first!).getByTestId('row-time-stacked').className.split(' ')).toContain(
      'sm:hidden',
    );
  });

  it('shows the server’s message and a retry when loading fails', async () => {
    renderPage(() => errorResponse(503, 'Database unavailable', 'bad'));
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
